import BrainCircuit from 'lucide-react/icons/brain-circuit';
import CircleAlert from 'lucide-react/icons/circle-alert';
import type { KundaliAiResult, KundaliProfileDetails, ScoredAspect } from '../../../../contracts/kundali';
import { cn } from '../../../components/ui/cn';
import { Progress } from '../../../components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import type { MessageId } from '../../../i18n/catalogue';
import { useT } from '../../../i18n/use-t';
import { birthDateText, birthTimeText, combinedPercentage, generatedAt, isMetricHighlighted, kundaliTerm } from '../lib/kundali-format';
import { AiNarrativeView } from './ai-narrative';

const METRICS: ReadonlyArray<{ key: keyof KundaliAiResult['advancedAnalysis']['compatibility']; label: MessageId }> = [
  { key: 'planetaryHarmony', label: 'kundali.metric.planetaryHarmony' },
  { key: 'dashaCompatibility', label: 'kundali.metric.dasha' },
  { key: 'spiritualConnection', label: 'kundali.metric.spiritual' },
  { key: 'timingScore', label: 'kundali.metric.timing' },
];

/** The AI-powered analysis: combined percentage and three tabs, with who generated it. */
export function AiResultCard({ result, theirName }: { result: KundaliAiResult; theirName: string }) {
  const advanced = result.advancedAnalysis;
  const combined = combinedPercentage(result.traditionalScores.kundali.matchPercentage, advanced.overallAdvancedScore.score);
  const t = useT();
  return (
    <section className="card kundali-card ai-card" aria-labelledby="ai-result-title">
      <div className="kundali-card__head">
        <div>
          <h2 id="ai-result-title" className="kundali-card__title">
            <BrainCircuit size={18} aria-hidden="true" />
            {t('kundali.aiTab')}
          </h2>
          <p className="kundali-card__subtitle">{t('kundali.aiSubtitle')}</p>
        </div>
        <span className="score-badge score-badge--brand">
          {combined}%<span className="visually-hidden"> {t('kundali.combined')}</span>
        </span>
      </div>

      <Tabs defaultValue="analysis" className="tabs">
        <TabsList aria-label={t('kundali.aiSections')} className="ai-card__tabs">
          <TabsTrigger value="analysis">{t('kundali.aiAnalysis')}</TabsTrigger>
          <TabsTrigger value="metrics">{t('kundali.aiMetrics')}</TabsTrigger>
          <TabsTrigger value="profiles">{t('kundali.aiProfiles')}</TabsTrigger>
        </TabsList>

        <TabsContent value="analysis">
          <AiNarrativeView markdown={result.aiAnalysis} />
        </TabsContent>

        <TabsContent value="metrics" className="ai-metrics">
          {METRICS.map((metric) => (
            <Metric key={metric.key} label={t(metric.label)} aspect={advanced.compatibility[metric.key]} />
          ))}
          <div className="ai-overall">
            <div className="ai-metric__head">
              <h3 className="ai-metric__title">{t('kundali.overallAdvanced')}</h3>
              <MetricBadge score={advanced.overallAdvancedScore.score} />
            </div>
            <p className="ai-metric__text">{advanced.overallAdvancedScore.description}</p>
          </div>
        </TabsContent>

        <TabsContent value="profiles" className="ai-profiles">
          <ProfileChart title={t('kundali.you')} details={advanced.profile1} />
          <ProfileChart title={theirName} details={advanced.profile2} />
        </TabsContent>
      </Tabs>

      <footer className="ai-card__footer">
        {t('kundali.generated', { at: generatedAt(result.timestamp) })} ·{' '}
        {result.generator === 'llm' ? t('kundali.byLlm') : t('kundali.byRules')}
      </footer>
    </section>
  );
}

function MetricBadge({ score }: { score: number }) {
  const highlighted = isMetricHighlighted(score);
  return (
    <span className={cn('metric-badge', highlighted && 'metric-badge--high')} data-highlighted={highlighted}>
      {Math.round(score)}%
    </span>
  );
}

function Metric({ label, aspect }: { label: string; aspect: ScoredAspect }) {
  return (
    <div className="ai-metric">
      <div className="ai-metric__head">
        <h3 className="ai-metric__title">{label}</h3>
        <MetricBadge score={aspect.score} />
      </div>
      <Progress value={aspect.score} label={label} />
      <p className="ai-metric__text">{aspect.description}</p>
    </div>
  );
}

function ProfileChart({ title, details }: { title: string; details: KundaliProfileDetails }) {
  const { basicDetails, planetaryInfluences, dashaPeriods } = details;
  const t = useT();
  const none = t('kundali.notProvided');
  const rows: Array<[string, string]> = [
    [t('kundali.row.birthDate'), birthDateText(basicDetails.dateOfBirth) ?? none],
    [t('kundali.row.birthTime'), birthTimeText(basicDetails.birthTime) ?? none],
    [t('kundali.row.birthPlace'), basicDetails.birthPlace ?? none],
    [t('kundali.row.zodiac'), basicDetails.zodiacSign ? kundaliTerm(basicDetails.zodiacSign) : none],
    [t('kundali.row.moonSign'), kundaliTerm(basicDetails.moonSign)],
    [t('kundali.row.nakshatra'), kundaliTerm(basicDetails.nakshatra)],
    [t('kundali.manglik'), basicDetails.manglik ? t('kundali.yes') : t('kundali.no')],
    [t('kundali.row.dominantPlanet'), kundaliTerm(planetaryInfluences.dominantPlanet)],
    [t('kundali.row.marsInfluence'), planetaryInfluences.marsInfluence === 'strong' ? t('kundali.strong') : t('kundali.weak')],
    [t('kundali.row.currentDasha'), kundaliTerm(dashaPeriods.currentDasha)],
    [t('kundali.row.remainingYears'), String(dashaPeriods.remainingYears)],
    [t('kundali.row.nextDasha'), kundaliTerm(dashaPeriods.nextDasha)],
  ];
  return (
    <section className="chart-details" aria-label={t('kundali.chartDetailsOf', { name: title })}>
      <h3 className="chart-details__title">{title}</h3>
      <dl className="chart-details__list">
        {rows.map(([label, value]) => (
          <div key={label} className="chart-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Error card for the AI analysis: 422 means thin chart data; anything else is a failed fetch. */
export function AiResultError({ incomplete, detail }: { incomplete: boolean; detail?: string }) {
  const t = useT();
  return (
    <section className="card kundali-error" role="alert" aria-labelledby="ai-error-title">
      <CircleAlert size={28} aria-hidden="true" className="kundali-error__icon" />
      <h2 id="ai-error-title" className="kundali-error__title">
        {t('kundali.aiErrorTitle')}
      </h2>
      <p className="kundali-error__text">
        {incomplete ? t('kundali.aiIncomplete') : t('kundali.aiFetchFailed')}
      </p>
      {!incomplete && detail ? <p className="kundali-error__detail">{detail}</p> : null}
    </section>
  );
}

