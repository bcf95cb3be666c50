import { ScreenPlaceholder } from '../../../components/ui/page';

export function PrivacyPolicyPage() {
  return <ScreenPlaceholder title="Privacy Policy" />;
}
