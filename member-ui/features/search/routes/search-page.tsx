import { ScreenPlaceholder } from '../../../components/ui/page';

export function SearchPage() {
  return <ScreenPlaceholder title="Search" />;
}
