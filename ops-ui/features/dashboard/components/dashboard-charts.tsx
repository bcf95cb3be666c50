import { TIER_LABELS } from '../../../../contracts/tiers';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import type { ReactNode } from 'react';
import { Bar, Doughnut } from 'react-chartjs-2';
import { formatCount, formatDay } from '../../../lib/format';
import type { DailySeries, Dashboard } from '../api/dashboard';

// Only what these five charts use, so the rest of chart.js stays out of the bundle.
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
);

// Canvas cannot read CSS custom properties; these mirror styles/tokens.css.
const COLORS = {
  accent: '#8c1d40',
  teal: '#1f6f78',
  gold: '#c98a12',
  slate: '#5b6472',
  grid: '#eceef2',
  text: '#5b6472',
  green: '#1d7a46',
  danger: '#b4232c',
};

Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
Chart.defaults.font.size = 11;
Chart.defaults.color = COLORS.text;
// A console is read, not watched: draw at once.
Chart.defaults.animation = false;
Chart.defaults.maintainAspectRatio = false;

const axisOptions = {
  x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, maxTicksLimit: 6 } },
  y: { beginAtZero: true, grid: { color: COLORS.grid }, ticks: { precision: 0 } },
};

const seriesOptions = {
  responsive: true,
  plugins: { legend: { display: false }, tooltip: { intersect: false, mode: 'index' as const } },
  scales: axisOptions,
};

function total(series: DailySeries): number {
  return series.reduce((sum, day) => sum + day.count, 0);
}

function ChartCard({
  title,
  summary,
  className,
  children,
}: {
  title: string;
  summary: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={['ops-panel ops-chart', className].filter(Boolean).join(' ')} aria-label={title}>
      <header className="ops-chart__header">
        <h2 className="ops-chart__title">{title}</h2>
        <p className="ops-chart__summary">{summary}</p>
      </header>
      <div className="ops-chart__canvas">{children}</div>
    </section>
  );
}

function describeSeries(title: string, series: DailySeries): string {
  const peak = series.reduce((best, day) => (day.count > best.count ? day : best), series[0] ?? { date: '', count: 0 });
  return `${title}: ${formatCount(total(series))} in the last 30 days${peak.count > 0 ? `, most on ${formatDay(peak.date)} (${formatCount(peak.count)})` : ''}.`;
}

/** A count per day is a bar per day; an empty 30 days says so rather than drawing bare axes. */
function DailyBarChart({ title, series, color, className }: { title: string; series: DailySeries; color: string; className?: string }) {
  return (
    <ChartCard title={title} summary={`${formatCount(total(series))} in 30 days`} className={className}>
      {total(series) === 0 ? <NothingYet /> : <Bar
        role="img"
        aria-label={describeSeries(title, series)}
        options={seriesOptions}
        data={{
          labels: series.map((day) => formatDay(day.date)),
          datasets: [{ label: title, data: series.map((day) => day.count), backgroundColor: color, borderRadius: 3, maxBarThickness: 18 }],
        }}
      />}
    </ChartCard>
  );
}

function NothingYet() {
  return <p className="ops-chart__empty">Nothing yet in the last 30 days.</p>;
}

/** Approvals and rejections stacked per day, each in its own colour, with a legend. */
function DecisionsChart({ approved, rejected }: { approved: DailySeries; rejected: DailySeries }) {
  const title = 'Verification decisions per day';
  const approvedTotal = total(approved);
  const rejectedTotal = total(rejected);
  return (
    <ChartCard title={title} summary={`${formatCount(approvedTotal)} approved · ${formatCount(rejectedTotal)} rejected`}>
      {approvedTotal + rejectedTotal === 0 ? (
        <NothingYet />
      ) : (
        <Bar
          role="img"
          aria-label={`${title}: ${formatCount(approvedTotal)} approved and ${formatCount(rejectedTotal)} rejected in the last 30 days.`}
          options={{
            ...seriesOptions,
            plugins: { ...seriesOptions.plugins, legend: { display: true, position: 'bottom' as const, labels: { boxWidth: 10, boxHeight: 10 } } },
            scales: { x: { ...axisOptions.x, stacked: true }, y: { ...axisOptions.y, stacked: true } },
          }}
          data={{
            labels: approved.map((day) => formatDay(day.date)),
            datasets: [
              { label: 'Approved', data: approved.map((day) => day.count), backgroundColor: COLORS.green, borderRadius: 2, maxBarThickness: 18 },
              { label: 'Rejected', data: rejected.map((day) => day.count), backgroundColor: COLORS.danger, borderRadius: 2, maxBarThickness: 18 },
            ],
          }}
        />
      )}
    </ChartCard>
  );
}


function TierDoughnut({ byTier }: { byTier: Dashboard['membersByTier'] }) {
  const tiers = ['tryme', 'premium', 'elite'] as const;
  const members = tiers.reduce((sum, tier) => sum + byTier[tier], 0);
  const description = tiers.map((tier) => `${TIER_LABELS[tier]} ${formatCount(byTier[tier])}`).join(', ');
  return (
    <ChartCard title="Members by plan" summary={`${formatCount(members)} members`}>
      {members === 0 ? <p className="ops-chart__empty">No members yet.</p> : <Doughnut
        role="img"
        aria-label={`Members by plan: ${description}.`}
        options={{
          responsive: true,
          cutout: '62%',
          plugins: { legend: { position: 'right', labels: { boxWidth: 10, boxHeight: 10, padding: 12 } } },
        }}
        data={{
          labels: tiers.map((tier) => `${TIER_LABELS[tier]} · ${formatCount(byTier[tier])}`),
          datasets: [
            {
              data: tiers.map((tier) => byTier[tier]),
              backgroundColor: [COLORS.slate, COLORS.accent, COLORS.gold],
              borderWidth: 0,
            },
          ],
        }}
      />}
    </ChartCard>
  );
}

/** The dashboard's charts; loaded on demand so chart.js is not part of the console's first download. */
export default function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  return (
    <div className="ops-charts">
      <DailyBarChart title="Registrations per day" series={dashboard.registrationsPerDay} color={COLORS.accent} className="ops-chart--wide" />
      <TierDoughnut byTier={dashboard.membersByTier} />
      <DecisionsChart approved={dashboard.verificationApprovalsPerDay} rejected={dashboard.verificationRejectionsPerDay} />
      <DailyBarChart title="Share-link views per day" series={dashboard.shareViewsPerDay} color={COLORS.teal} />
      <DailyBarChart title="Mood check-ins per day" series={dashboard.moodCheckInsPerDay} color={COLORS.gold} />
    </div>
  );
}
