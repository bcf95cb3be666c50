import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Page } from '../../../components/ui/page';
import { CulturalAssessment } from '../components/cultural-assessment';
import { LastMoodCard } from '../components/last-mood-card';
import { MoodForm } from '../components/mood-form';
import { MoodHistory } from '../components/mood-history';
import { MoodSharingCard } from '../components/mood-sharing-card';
import { useT } from '../../../i18n/use-t';

/** /mood-tracking: Current Mood, Cultural Adaptation, History. The header's back button goes to /. */
export function MoodTrackingPage() {
  const t = useT();
  return (
    <Page title={t('moods.title')} subtitle={t('moods.subtitle')} className="mood-page">
      <Tabs defaultValue="current" className="tabs">
        <TabsList aria-label={t('moods.sections')}>
          <TabsTrigger value="current">{t('moods.tab.current')}</TabsTrigger>
          <TabsTrigger value="cultural">{t('moods.tab.cultural')}</TabsTrigger>
          <TabsTrigger value="history">{t('moods.tab.history')}</TabsTrigger>
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
