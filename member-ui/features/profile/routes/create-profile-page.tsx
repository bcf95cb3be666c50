import { ScreenPlaceholder } from '../../../components/ui/page';

export function CreateProfilePage() {
  return <ScreenPlaceholder title="Create Your Profile" />;
}
