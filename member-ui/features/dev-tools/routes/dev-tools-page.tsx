import { ScreenPlaceholder } from '../../../components/ui/page';

export function DevToolsPage() {
  return <ScreenPlaceholder title="Developer Tools" />;
}
