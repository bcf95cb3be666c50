import { ScreenPlaceholder } from '../../../components/ui/page';

export function MoodTrackingPage() {
  return <ScreenPlaceholder title="Mood Tracking" />;
}
