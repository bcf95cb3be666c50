import { ScreenPlaceholder } from '../../../components/ui/page';

export function LikedProfilesPage() {
  return <ScreenPlaceholder title="Profiles You've Liked" />;
}
