import { ScreenPlaceholder } from '../../../components/ui/page';

export function TermsPage() {
  return <ScreenPlaceholder title="Terms of Service" />;
}
