import { ScreenPlaceholder } from '../../../components/ui/page';

export function HelpPage() {
  return <ScreenPlaceholder title="Help & Support" />;
}
