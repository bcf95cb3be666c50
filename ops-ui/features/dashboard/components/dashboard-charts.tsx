import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { ReactNode } from 'react';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import { formatCount, formatDay } from '../../../lib/format';
import type { DailySeries, Dashboard } from '../api/dashboard';

// Only what these five charts use, so the rest of chart.js stays out of the bundle.
Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

// Canvas cannot read CSS custom properties; these mirror styles/tokens.css.
const COLORS = {
  accent: '#8c1d40',
  accentSoft: 'rgba(140, 29, 64, 0.12)',
  teal: '#1f6f78',
  tealSoft: 'rgba(31, 111, 120, 0.12)',
  gold: '#c98a12',
  slate: '#5b6472',
  grid: '#eceef2',
  text: '#5b6472',
  green: '#1d7a46',
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

function DailyBarChart({ title, series, color }: { title: string; series: DailySeries; color: string }) {
  return (
    <ChartCard title={title} summary={`${formatCount(total(series))} in 30 days`}>
      <Bar
        role="img"
        aria-label={describeSeries(title, series)}
        options={seriesOptions}
        data={{
          labels: series.map((day) => formatDay(day.date)),
          datasets: [{ label: title, data: series.map((day) => day.count), backgroundColor: color, borderRadius: 3, maxBarThickness: 18 }],
        }}
      />
    </ChartCard>
  );
}

function DailyLineChart({
  title,
  series,
  color,
  fill,
  className,
}: {
  title: string;
  series: DailySeries;
  color: string;
  fill: string;
  className?: string;
}) {
  return (
    <ChartCard title={title} summary={`${formatCount(total(series))} in 30 days`} className={className}>
      <Line
        role="img"
        aria-label={describeSeries(title, series)}
        options={seriesOptions}
        data={{
          labels: series.map((day) => formatDay(day.date)),
          datasets: [
            {
              label: title,
              data: series.map((day) => day.count),
              borderColor: color,
              backgroundColor: fill,
              fill: true,
              tension: 0.3,
              pointRadius: 0,
              pointHoverRadius: 4,
              borderWidth: 2,
            },
          ],
        }}
      />
    </ChartCard>
  );
}

const TIER_LABELS = { tryme: 'Try me', premium: 'Premium', elite: 'Elite' } as const;

function TierDoughnut({ byTier }: { byTier: Dashboard['membersByTier'] }) {
  const tiers = ['tryme', 'premium', 'elite'] as const;
  const members = tiers.reduce((sum, tier) => sum + byTier[tier], 0);
  const description = tiers.map((tier) => `${TIER_LABELS[tier]} ${formatCount(byTier[tier])}`).join(', ');
  return (
    <ChartCard title="Members by plan" summary={`${formatCount(members)} members`}>
      <Doughnut
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
      />
    </ChartCard>
  );
}

/** The dashboard's charts; loaded on demand so chart.js is not part of the console's first download. */
export default function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  return (
    <div className="ops-charts">
      <DailyLineChart
        title="Registrations per day"
        series={dashboard.registrationsPerDay}
        color={COLORS.accent}
        fill={COLORS.accentSoft}
        className="ops-chart--wide"
      />
      <TierDoughnut byTier={dashboard.membersByTier} />
      <DailyBarChart title="Verification decisions per day" series={dashboard.verificationDecisionsPerDay} color={COLORS.green} />
      <DailyLineChart
        title="Share-link views per day"
        series={dashboard.shareViewsPerDay}
        color={COLORS.teal}
        fill={COLORS.tealSoft}
      />
      <DailyBarChart title="Mood check-ins per day" series={dashboard.moodCheckInsPerDay} color={COLORS.gold} />
    </div>
  );
}
