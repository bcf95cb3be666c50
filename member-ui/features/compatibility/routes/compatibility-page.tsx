import { ScreenPlaceholder } from '../../../components/ui/page';

export function CompatibilityPage() {
  return <ScreenPlaceholder title="Compatibility" />;
}
