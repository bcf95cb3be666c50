import { ScreenPlaceholder } from '../../../components/ui/page';

export function SubscriptionPage() {
  return <ScreenPlaceholder title="Subscription Plans" subtitle="Upgrade Your Experience" />;
}
