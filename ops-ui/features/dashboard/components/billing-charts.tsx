import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { formatCount } from '../../../lib/format';
import type { BillingMonth } from '../api/billing-metrics';

Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, Tooltip);

const ACCENT = '#8c1d40';
const DANGER = '#b4232c';
const GRID = '#eceef2';

const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** Revenue and churn per month, drawn from paid invoices and ended subscriptions. */
export default function BillingCharts({ months }: { months: BillingMonth[] }) {
  const revenue = months.reduce((sum, m) => sum + Number(m.revenue), 0);
  const churned = months.reduce((sum, m) => sum + m.churned, 0);
  const latest = months[months.length - 1];
  const options = (yTitle: string) => ({
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { display: false }, tooltip: { intersect: false, mode: 'index' as const } },
    scales: { x: { grid: { display: false } }, y: { beginAtZero: true, grid: { color: GRID }, title: { display: true, text: yTitle } } },
  });
  return (
    <div className="ops-charts">
      <section className="ops-panel ops-chart ops-chart--wide" aria-label="Revenue per month">
        <header className="ops-chart__header">
          <h2 className="ops-chart__title">Revenue per month</h2>
          <p className="ops-chart__summary">${revenue.toFixed(2)} in 12 months</p>
        </header>
        <div className="ops-chart__canvas">
          {revenue === 0 ? (
            <p className="ops-chart__empty">No paid invoices in the last 12 months.</p>
          ) : (
            <Bar
              role="img"
              aria-label={`Revenue per month: ${months.map((m) => `${monthLabel(m.month)} $${m.revenue}`).join(', ')}.`}
              options={options('USD')}
              data={{ labels: months.map((m) => monthLabel(m.month)), datasets: [{ label: 'Revenue (USD)', data: months.map((m) => Number(m.revenue)), backgroundColor: ACCENT, borderRadius: 3, maxBarThickness: 28 }] }}
            />
          )}
        </div>
      </section>
      <section className="ops-panel ops-chart" aria-label="Churn per month">
        <header className="ops-chart__header">
          <h2 className="ops-chart__title">Churn per month</h2>
          <p className="ops-chart__summary">
            {formatCount(churned)} ended in 12 months{latest?.churnRate !== null && latest ? ` · ${latest.churnRate}% this month` : ''}
          </p>
        </header>
        <div className="ops-chart__canvas">
          {months.every((m) => m.payingAtStart === 0) ? (
            <p className="ops-chart__empty">No paying subscriptions at the start of any month yet.</p>
          ) : (
            <Bar
              role="img"
              aria-label={`Churn per month (subscriptions ended over those paying at the month's start): ${months.map((m) => `${monthLabel(m.month)} ${m.churnRate ?? 0}% (${m.churned} of ${m.payingAtStart})`).join(', ')}.`}
              options={options('% of paying at month start')}
              data={{ labels: months.map((m) => monthLabel(m.month)), datasets: [{ label: 'Churn %', data: months.map((m) => m.churnRate ?? 0), backgroundColor: DANGER, borderRadius: 3, maxBarThickness: 28 }] }}
            />
          )}
        </div>
      </section>
    </div>
  );
}
