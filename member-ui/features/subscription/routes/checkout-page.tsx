import { ScreenPlaceholder } from '../../../components/ui/page';

export function CheckoutPage() {
  return <ScreenPlaceholder title="Complete Your Subscription" />;
}
