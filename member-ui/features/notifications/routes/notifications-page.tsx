import { ScreenPlaceholder } from '../../../components/ui/page';

export function NotificationsPage() {
  return <ScreenPlaceholder title="Notifications" />;
}
