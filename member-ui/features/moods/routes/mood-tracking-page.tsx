import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Page } from '../../../components/ui/page';
import { CulturalAssessment } from '../components/cultural-assessment';
import { LastMoodCard } from '../components/last-mood-card';
import { MoodForm } from '../components/mood-form';
import { MoodHistory } from '../components/mood-history';
import { MoodSharingCard } from '../components/mood-sharing-card';

/** /mood-tracking: Current Mood, Cultural Adaptation, History. The header's back button goes to /. */
export function MoodTrackingPage() {
  return (
    <Page title="Mood Tracking" subtitle="Notice how you feel, at home and abroad." className="mood-page">
      <Tabs defaultValue="current" className="tabs">
        <TabsList aria-label="Mood tracking sections">
          <TabsTrigger value="current">Current Mood</TabsTrigger>
          <TabsTrigger value="cultural">Cultural Adaptation</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="current" className="mood-stack">
          <MoodForm />
          <MoodSharingCard />
          <LastMoodCard />
        </TabsContent>
        <TabsContent value="cultural">
          <CulturalAssessment />
        </TabsContent>
        <TabsContent value="history">
          <MoodHistory />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
