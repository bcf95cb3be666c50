import BrainCircuit from 'lucide-react/icons/brain-circuit';
import CircleAlert from 'lucide-react/icons/circle-alert';
import type { KundaliAiResult, KundaliProfileDetails, ScoredAspect } from '../../../../contracts/kundali';
import { cn } from '../../../components/ui/cn';
import { Progress } from '../../../components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { birthDateText, birthTimeText, combinedPercentage, generatedAt, isMetricHighlighted } from '../lib/kundali-format';
import { AiNarrativeView } from './ai-narrative';

const METRICS: ReadonlyArray<{ key: keyof KundaliAiResult['advancedAnalysis']['compatibility']; label: string }> = [
  { key: 'planetaryHarmony', label: 'Planetary Harmony' },
  { key: 'dashaCompatibility', label: 'Dasha Periods' },
  { key: 'spiritualConnection', label: 'Spiritual Connection' },
  { key: 'timingScore', label: 'Auspicious Timing' },
];

/** The AI-powered analysis: combined percentage and three tabs, with who generated it. */
export function AiResultCard({ result, theirName }: { result: KundaliAiResult; theirName: string }) {
  const advanced = result.advancedAnalysis;
  const combined = combinedPercentage(result.traditionalScores.kundali.matchPercentage, advanced.overallAdvancedScore.score);
  return (
    <section className="card kundali-card ai-card" aria-labelledby="ai-result-title">
      <div className="kundali-card__head">
        <div>
          <h2 id="ai-result-title" className="kundali-card__title">
            <BrainCircuit size={18} aria-hidden="true" />
            AI-Powered Analysis
          </h2>
          <p className="kundali-card__subtitle">Traditional and advanced factors combined</p>
        </div>
        <span className="score-badge score-badge--brand">
          {combined}%<span className="visually-hidden"> combined compatibility</span>
        </span>
      </div>

      <Tabs defaultValue="analysis" className="tabs">
        <TabsList aria-label="AI analysis sections" className="ai-card__tabs">
          <TabsTrigger value="analysis">AI Analysis</TabsTrigger>
          <TabsTrigger value="metrics">Advanced Metrics</TabsTrigger>
          <TabsTrigger value="profiles">Profile Details</TabsTrigger>
        </TabsList>

        <TabsContent value="analysis">
          <AiNarrativeView markdown={result.aiAnalysis} />
        </TabsContent>

        <TabsContent value="metrics" className="ai-metrics">
          {METRICS.map((metric) => (
            <Metric key={metric.key} label={metric.label} aspect={advanced.compatibility[metric.key]} />
          ))}
          <div className="ai-overall">
            <div className="ai-metric__head">
              <h3 className="ai-metric__title">Overall advanced analysis</h3>
              <MetricBadge score={advanced.overallAdvancedScore.score} />
            </div>
            <p className="ai-metric__text">{advanced.overallAdvancedScore.description}</p>
          </div>
        </TabsContent>

        <TabsContent value="profiles" className="ai-profiles">
          <ProfileChart title="You" details={advanced.profile1} />
          <ProfileChart title={theirName} details={advanced.profile2} />
        </TabsContent>
      </Tabs>

      <footer className="ai-card__footer">
        Generated {generatedAt(result.timestamp)} ·{' '}
        {result.generator === 'llm' ? 'Narrative written by an AI language model' : "Written by Saathi's astrology rules engine"}
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
  const rows: Array<[string, string]> = [
    ['Birth date', birthDateText(basicDetails.dateOfBirth) ?? 'Not provided'],
    ['Birth time', birthTimeText(basicDetails.birthTime) ?? 'Not provided'],
    ['Birth place', basicDetails.birthPlace ?? 'Not provided'],
    ['Zodiac sign', basicDetails.zodiacSign ?? 'Not provided'],
    ['Moon sign', basicDetails.moonSign],
    ['Nakshatra', basicDetails.nakshatra],
    ['Manglik', basicDetails.manglik ? 'Yes' : 'No'],
    ['Dominant planet', planetaryInfluences.dominantPlanet],
    ['Mars influence', planetaryInfluences.marsInfluence === 'strong' ? 'Strong' : 'Weak'],
    ['Current dasha', dashaPeriods.currentDasha],
    ['Remaining years', String(dashaPeriods.remainingYears)],
    ['Next dasha', dashaPeriods.nextDasha],
  ];
  return (
    <section className="chart-details" aria-label={`${title}: chart details`}>
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
  return (
    <section className="card kundali-error" role="alert" aria-labelledby="ai-error-title">
      <CircleAlert size={28} aria-hidden="true" className="kundali-error__icon" />
      <h2 id="ai-error-title" className="kundali-error__title">
        Could Not Generate AI Analysis
      </h2>
      <p className="kundali-error__text">
        {incomplete ? 'Please make sure both profiles have sufficient astrological information.' : 'Failed to fetch AI-powered Kundali analysis'}
      </p>
      {!incomplete && detail ? <p className="kundali-error__detail">{detail}</p> : null}
    </section>
  );
}

