import { ScreenPlaceholder } from '../../../components/ui/page';

export function SettingsPage() {
  return <ScreenPlaceholder title="Account Settings" />;
}
