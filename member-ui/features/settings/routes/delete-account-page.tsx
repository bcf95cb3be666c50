import { ScreenPlaceholder } from '../../../components/ui/page';

export function DeleteAccountPage() {
  return <ScreenPlaceholder title="Delete Account" />;
}
