import { ScreenPlaceholder } from '../../../components/ui/page';

export function SharedProfilePage() {
  return <ScreenPlaceholder title="Shared Profile" />;
}
