import { ScreenPlaceholder } from '../../../components/ui/page';

export function AboutPage() {
  return <ScreenPlaceholder title="About Saathi" subtitle="Matrimonial bonds across seas" />;
}
