import { ScreenPlaceholder } from '../../../components/ui/page';

export function ChatPage() {
  return <ScreenPlaceholder title="Chat" />;
}
