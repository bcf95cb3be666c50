import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import Sparkles from 'lucide-react/icons/sparkles';
import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import type { ProfileSummaryView } from '../../../../contracts/kundali';
import { SCREEN_HEADINGS } from '../../../../contracts/routes';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useHelperMode } from '../../../lib/helper-mode';
import { useSessionUser } from '../../../lib/session';
import { aiKundaliQueryOptions, basicKundaliQueryOptions, profileSummariesQueryOptions } from '../api/kundali-queries';
import { AiResultCard, AiResultError } from '../components/ai-result-card';
import { BasicResultCard, BasicResultError } from '../components/basic-result-card';
import { BirthChartCard } from '../components/birth-chart';
import { NoProfileCard } from '../components/no-profile-card';
import { PremiumFeatureCard } from '../components/premium-feature-card';
import { ProfilePicker } from '../components/profile-picker';

const compatibilityRoute = getRouteApi('/member/compatibility');

/** Typing pauses this long before the server narrows the list. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** /compatibility: pick another member and read the Kundali match; AI analysis for premium and elite. */
export function CompatibilityPage() {
  const user = useSessionUser();
  const { helping, settled } = useHelperMode();
  // The server's page shows this heading before the app has run (SCREEN_HEADINGS).
  const heading = SCREEN_HEADINGS['/compatibility'];
  const t = useT();
  // Whose Kundali: in helper mode the candidate's (their chart, their plan), never the helper's own.
  const whose: Whose | null = helping
    ? { userId: helping.candidateUserId, tier: helping.candidateTier, acting: helping.profileId, name: helping.candidateName ?? t('kundali.them') }
    : user && user.profileId !== null
      ? { userId: user.id, tier: user.subscriptionTier, acting: null, name: t('kundali.you') }
      : null;
  return (
    <Page title={t(heading.title)} subtitle={t(heading.subtitle)} className={heading.className}>
      {!user || !settled ? null : whose === null ? <NoProfileCard /> : <CompatibilityChecker key={whose.userId} whose={whose} />}
    </Page>
  );
}

interface Whose {
  userId: number;
  tier: SessionUser['subscriptionTier'];
  /** the candidate's profile id when a helper reads the page for them */
  acting: number | null;
  /** "You", or the candidate's first name */
  name: string;
}

function CompatibilityChecker({ whose }: { whose: Whose }) {
  const { userId: preselected } = compatibilityRoute.useSearch();
  const [query, setQuery] = useState('');
  const search = useDebounced(query, SEARCH_DELAY_MS);
  const profiles = useQuery({ ...profileSummariesQueryOptions(whose.userId, search, whose.acting), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<ProfileSummaryView | null>(null);
  const [checked, setChecked] = useState<ProfileSummaryView | null>(null);
  const results = useRef<HTMLDivElement>(null);
  const t = useT();

  const list = profiles.data ?? [];
  // ?userId=N (the profile view's "detailed Kundali match" link) picks that member once the list has them.
  useEffect(() => {
    if (!preselected || selected) return;
    const found = profiles.data?.find((p) => p.userId === preselected);
    if (found) setSelected(found);
  }, [preselected, profiles.data, selected]);

  useEffect(() => {
    if (checked !== null) results.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [checked]);

  return (
    <>
      <BirthChartCard userId={whose.userId} acting={whose.acting} />
      <section className="card compat-picker" aria-labelledby="compat-picker-title">
        <h2 id="compat-picker-title" className="compat-picker__title">
          <Sparkles size={18} aria-hidden="true" />
          {t('kundali.checkMatch')}
        </h2>
        <ProfilePicker
          profiles={list}
          query={query}
          onQueryChange={setQuery}
          selected={selected}
          onSelect={(profile) => {
            setSelected(profile);
            setQuery('');
          }}
          loading={profiles.isPending}
        />
        <Button block disabled={!selected} onClick={() => setChecked(selected)}>
          {t('kundali.check')}
        </Button>
      </section>

      <div ref={results} className="compat-results" aria-live="polite">
        {checked !== null ? <Results whose={whose} them={checked.userId} theirName={checked.fullName} /> : null}
      </div>
    </>
  );
}

function Results({ whose, them, theirName }: { whose: Whose; them: number; theirName: string }) {
  const paid = whose.tier === 'premium' || whose.tier === 'elite';
  const basic = useQuery(basicKundaliQueryOptions(whose.userId, them, whose.acting));
  const ai = useQuery({ ...aiKundaliQueryOptions(whose.userId, them, whose.acting), enabled: paid });
  const t = useT();

  useEffect(() => {
    if (isApiError(ai.error) && ai.error.status === 403) {
      toast({ title: translate('kundali.subscriptionRequired'), description: ai.error.serverMessage ?? translate('kundali.upgrade'), variant: 'destructive' });
    }
  }, [ai.error]);

  const basicView = basic.isPending ? (
    <LoadingCard text={t('kundali.calculating')} />
  ) : basic.isError ? (
    <BasicResultError
      incomplete={isApiError(basic.error) && basic.error.status === 422}
      detail={(isApiError(basic.error) && basic.error.serverMessage) || basic.error.message}
    />
  ) : (
    <BasicResultCard result={basic.data} theirName={theirName} ownName={whose.name} />
  );

  if (!paid) {
    return (
      <div className="compat-stack">
        {basicView}
        <PremiumFeatureCard />
      </div>
    );
  }

  const aiView = ai.isPending ? (
    <LoadingCard text={t('kundali.readingCharts')} />
  ) : ai.isError ? (
    isApiError(ai.error) && ai.error.status === 403 ? (
      <PremiumFeatureCard />
    ) : (
      <AiResultError
        incomplete={isApiError(ai.error) && ai.error.status === 422}
        detail={(isApiError(ai.error) && ai.error.serverMessage) || ai.error.message}
      />
    )
  ) : (
    <AiResultCard result={ai.data} theirName={theirName} />
  );

  return (
    <Tabs defaultValue="basic" className="tabs">
      <TabsList aria-label={t('kundali.analysis')}>
        <TabsTrigger value="basic">{t('kundali.basicTab')}</TabsTrigger>
        <TabsTrigger value="ai">{t('kundali.aiTab')}</TabsTrigger>
      </TabsList>
      <TabsContent value="basic">{basicView}</TabsContent>
      <TabsContent value="ai">{aiView}</TabsContent>
    </Tabs>
  );
}

function LoadingCard({ text }: { text: string }) {
  return (
    <div className="card compat-loading" role="status">
      <Spinner size={28} />
      <span>{text}</span>
    </div>
  );
}
