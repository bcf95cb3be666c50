import { useQuery } from '@tanstack/react-query';
import Orbit from 'lucide-react/icons/orbit';
import { type ReactNode, useId, useState } from 'react';
import type { RashiChartView } from '../../../../contracts/kundali';
import { api, isApiError } from '../../../lib/api-client';
import { actingHeaders } from '../../../lib/helper-mode';
import { CHART_STYLE_KEY, type ChartStyle, chartStyleChosen } from '../../../lib/biodata';
import type { MessageId } from '../../../i18n/catalogue';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';
import { kundaliTerm } from '../lib/kundali-format';

const SIZE = 300;

/** Where each house's text sits in the North Indian diamond (house 1 at the top, counter-clockwise). */
const NORTH_CENTRES: ReadonlyArray<[number, number]> = [
  [150, 82], [75, 38], [38, 75], [82, 150], [38, 225], [75, 262], [150, 218], [225, 262], [262, 225], [218, 150], [262, 75], [225, 38],
];
/** The South Indian square: signs stay put, Meena top-left, clockwise; [column, row] of each rashi 0–11. */
const SOUTH_CELLS: ReadonlyArray<[number, number]> = [
  [1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1], [0, 0],
];

/** A graha's short name in the chart ("Su", "सू", "சூ"): the catalogue's, else the server's. */
function abbreviation(graha: { name: string; abbr: string }): string {
  const id = `kundali.abbr.${graha.name}`;
  const text = translate(id as MessageId);
  return text === id ? graha.abbr : text;
}

/** One line per house, the chart's text alternative. */
export function chartAsText(chart: RashiChartView): string[] {
  return chart.houses.map((h) => {
    const who = h.grahas.length ? h.grahas.map((g) => `${kundaliTerm(g.name)} ${g.degree}°`).join(', ') : translate('kundali.chart.empty');
    const mark = h.house === 1 ? translate(chart.reference === 'ascendant' ? 'kundali.chart.ascendant' : 'kundali.chart.moonSign') : '';
    return translate('kundali.chart.house', { house: h.house, rashi: kundaliTerm(h.rashiName), mark, who });
  });
}

/** The member's rashi chart from the positions the engine computes, North Indian or South Indian (their choice). */
export function BirthChartCard({ userId, acting = null }: { userId: number; acting?: number | null }) {
  const chart = useQuery({
    queryKey: ['/api/kundali/chart', userId],
    // In helper mode, the candidate's chart (acting for their profile).
    queryFn: ({ signal }) => api.get<RashiChartView>(`/api/kundali/chart/${userId}`, { signal, headers: actingHeaders(acting) }),
    retry: false,
  });
  const [style, setStyle] = useState<ChartStyle>(chartStyleChosen);
  const choose = (next: ChartStyle) => {
    setStyle(next);
    try {
      window.localStorage.setItem(CHART_STYLE_KEY, next);
    } catch {
      // The choice then lasts for this visit only.
    }
  };
  const name = useId();
  const t = useT();

  return (
    <section className="card birth-chart" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className="compat-picker__title">
        <Orbit size={18} aria-hidden="true" />
        {t('kundali.chart.title')}
      </h2>
      <fieldset className="segmented birth-chart__style">
        <legend className="visually-hidden">{t('kundali.chart.style')}</legend>
        <div className="segmented__options">
          {(['north', 'south'] as const).map((value) => (
            <label key={value} className="segmented__option">
              <input type="radio" name={name} value={value} checked={style === value} onChange={() => choose(value)} />
              <span>{value === 'north' ? t('kundali.chart.north') : t('kundali.chart.south')}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {chart.isPending ? (
        // The chart's own square and the lines under it are kept free while it is cast, so the card below does
        // not jump when it arrives.
        <>
          <div className="birth-chart__svg birth-chart__placeholder" aria-hidden="true" />
          <p className="birth-chart__state birth-chart__state--pending">{t('kundali.chart.casting')}</p>
        </>
      ) : chart.isError ? (
        <p className="birth-chart__state">
          {(isApiError(chart.error) && chart.error.serverMessage) || t('kundali.chart.failed')}
        </p>
      ) : (
        <>
          {style === 'north' ? <NorthIndianChart chart={chart.data} /> : <SouthIndianChart chart={chart.data} />}
          <p className="birth-chart__note">
            {chart.data.reference === 'ascendant'
              ? t('kundali.chart.fromLagna')
              : t('kundali.chart.fromMoon')}
          </p>
          <details className="birth-chart__text">
            <summary>{t('kundali.chart.asText')}</summary>
            <ul>
              {chartAsText(chart.data).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  );
}

function ChartSvg({ chart, label, children }: { chart: RashiChartView; label: string; children: ReactNode }) {
  const id = useId();
  return (
    <svg
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      className="birth-chart__svg"
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
    >
      <title id={`${id}-t`}>{label}</title>
      <desc id={`${id}-d`}>{chartAsText(chart).join('. ')}</desc>
      {children}
    </svg>
  );
}

function Occupants({ x, y, grahas }: { x: number; y: number; grahas: RashiChartView['houses'][number]['grahas'] }) {
  return (
    <text x={x} y={y} textAnchor="middle" className="birth-chart__grahas">
      {grahas.map((g, i) => (
        <tspan key={g.name} x={x} dy={i === 0 ? 0 : 13}>
          {abbreviation(g)} {g.degree}°
        </tspan>
      ))}
    </text>
  );
}

export function NorthIndianChart({ chart }: { chart: RashiChartView }) {
  const s = SIZE;
  const t = useT();
  return (
    <ChartSvg chart={chart} label={t('kundali.chart.northLabel')}>
      <rect x="1" y="1" width={s - 2} height={s - 2} className="birth-chart__line" />
      <path d={`M1 1 L${s - 1} ${s - 1} M${s - 1} 1 L1 ${s - 1} M${s / 2} 1 L${s - 1} ${s / 2} L${s / 2} ${s - 1} L1 ${s / 2} Z`} className="birth-chart__line" />
      {chart.houses.map((house, i) => {
        const [x, y] = NORTH_CENTRES[i];
        const stacked = house.grahas.length > 2 ? 6 : 0;
        return (
          <g key={house.house}>
            <text x={x} y={y - 16 - stacked} textAnchor="middle" className={house.house === 1 ? 'birth-chart__sign birth-chart__sign--lagna' : 'birth-chart__sign'}>
              {house.rashi + 1}
            </text>
            <Occupants x={x} y={y - stacked} grahas={house.grahas} />
          </g>
        );
      })}
    </ChartSvg>
  );
}

export function SouthIndianChart({ chart }: { chart: RashiChartView }) {
  const cell = SIZE / 4;
  const lagna = chart.houses[0].rashi;
  const t = useT();
  return (
    <ChartSvg chart={chart} label={t('kundali.chart.southLabel')}>
      {chart.houses.map((house) => {
        const [col, row] = SOUTH_CELLS[house.rashi];
        const x = col * cell;
        const y = row * cell;
        return (
          <g key={house.house}>
            <rect x={x + 0.5} y={y + 0.5} width={cell - 1} height={cell - 1} className="birth-chart__line" />
            {house.rashi === lagna ? <path d={`M${x} ${y + 18} L${x + 18} ${y}`} className="birth-chart__line birth-chart__lagna-mark" /> : null}
            <text x={x + cell - 4} y={y + 12} textAnchor="end" className="birth-chart__sign">
              {kundaliTerm(house.rashiName)}
            </text>
            <Occupants x={x + cell / 2} y={y + 32} grahas={house.grahas} />
          </g>
        );
      })}
      <text x={SIZE / 2} y={SIZE / 2 - 6} textAnchor="middle" className="birth-chart__centre">
        {t('kundali.chart.rashi')}
      </text>
      <text x={SIZE / 2} y={SIZE / 2 + 12} textAnchor="middle" className="birth-chart__centre-sub">
        {chart.reference === 'ascendant' ? t('kundali.chart.lagnaMarked') : t('kundali.chart.fromTheMoon')}
      </text>
    </ChartSvg>
  );
}
