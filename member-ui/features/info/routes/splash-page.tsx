import { ScreenPlaceholder } from '../../../components/ui/page';

export function SplashPage() {
  return <ScreenPlaceholder title="Saathi" subtitle="Matrimonial bonds across seas" />;
}
