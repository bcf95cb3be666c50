import { ScreenPlaceholder } from '../../../components/ui/page';

export function ProfileViewPage() {
  return <ScreenPlaceholder title="Profile" />;
}
