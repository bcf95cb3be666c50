import { ScreenPlaceholder } from '../../../components/ui/page';

export function MessagesPage() {
  return <ScreenPlaceholder title="Messages" />;
}
