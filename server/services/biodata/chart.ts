import type PDFDocument from 'pdfkit';
import type { RashiChartView } from '../../../contracts/kundali';
import { catalogueWord, type Translator } from '../../i18n';
import { writeLine } from './fonts';

export type ChartStyle = 'north' | 'south';

/**
 * The rashi chart as the Kundali page draws it (member-ui birth-chart.tsx), in vector lines on a square of `size`
 * points: North Indian (houses fixed, house 1 at the top, the sign number in each) or South Indian (signs fixed,
 * Meena top-left, the lagna's cell marked with a diagonal).
 */

/** House text centres in the North Indian diamond, on the page's 300-unit square (house 1 first). */
const NORTH_CENTRES: ReadonlyArray<[number, number]> = [
  [150, 82], [75, 38], [38, 75], [82, 150], [38, 225], [75, 262], [150, 218], [225, 262], [262, 225], [218, 150], [262, 75], [225, 38],
];
/** [column, row] of each rashi 0–11 in the South Indian square. */
const SOUTH_CELLS: ReadonlyArray<[number, number]> = [
  [1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [2, 3], [1, 3], [0, 3], [0, 2], [0, 1], [0, 0],
];

const LINE = '#7a2e2e';
const INK = '#222222';
const MUTED = '#6b6b6b';

type Doc = InstanceType<typeof PDFDocument>;

/** A graha's short name as the Kundali page writes it in the reader's language ("Su", "सू", "சூ"). */
const abbreviation = (t: Translator, graha: { name: string; abbr: string }) => catalogueWord(t, `kundali.abbr.${graha.name}`, graha.abbr);

/** The grahas of a house, `perLine` to a line, centred on x. */
function occupants(doc: Doc, t: Translator, x: number, y: number, width: number, grahas: RashiChartView['houses'][number]['grahas'], perLine = 2, size = 7): void {
  doc.fillColor(INK);
  for (let i = 0; i < grahas.length; i += perLine) {
    const line = grahas.slice(i, i + perLine).map((g) => `${abbreviation(t, g)} ${g.degree}°`).join(' ');
    writeLine(doc, line, 400, size, { x: x - width / 2, y: y + (i / perLine) * (size + 1.5), width, align: 'center' });
  }
}

/** The narrow triangles at the square's left and right sides (houses 3, 5, 9, 11) take one graha a line. */
const NARROW = new Set([3, 5, 9, 11]);

export function drawNorthChart(doc: Doc, chart: RashiChartView, x: number, y: number, size: number, t: Translator): void {
  const k = size / 300;
  doc.save().lineWidth(1).strokeColor(LINE);
  doc.rect(x, y, size, size).stroke();
  doc.moveTo(x, y).lineTo(x + size, y + size).moveTo(x + size, y).lineTo(x, y + size).stroke();
  doc.moveTo(x + size / 2, y).lineTo(x + size, y + size / 2).lineTo(x + size / 2, y + size).lineTo(x, y + size / 2).closePath().stroke();
  doc.restore();
  chart.houses.forEach((house, i) => {
    const [cx, cy] = NORTH_CENTRES[i];
    const perLine = NARROW.has(house.house) ? 1 : 2;
    const stacked = Math.max(0, Math.ceil(house.grahas.length / perLine) - 1) * 4;
    const px = x + cx * k;
    const top = y + (cy - 22 - stacked) * k;
    doc.fillColor(house.house === 1 ? LINE : MUTED);
    writeLine(doc, String(house.rashi + 1), 400, 8, { x: px - 15, y: top, width: 30, align: 'center' });
    occupants(doc, t, px, top + 10, (perLine === 1 ? 40 : 84) * k + 10, house.grahas, perLine, 6.5);
  });
}

export function drawSouthChart(doc: Doc, chart: RashiChartView, x: number, y: number, size: number, t: Translator): void {
  const cell = size / 4;
  const lagna = chart.houses[0].rashi;
  doc.save().lineWidth(1).strokeColor(LINE);
  for (const house of chart.houses) {
    const [col, row] = SOUTH_CELLS[house.rashi];
    const cx = x + col * cell;
    const cy = y + row * cell;
    doc.rect(cx, cy, cell, cell).stroke();
    if (house.rashi === lagna) doc.moveTo(cx, cy + 14).lineTo(cx + 14, cy).stroke();
  }
  doc.restore();
  for (const house of chart.houses) {
    const [col, row] = SOUTH_CELLS[house.rashi];
    const cx = x + col * cell;
    const cy = y + row * cell;
    doc.fillColor(MUTED);
    writeLine(doc, catalogueWord(t, `opt.rashi.${house.rashiName}`, house.rashiName), 400, 6.5, { x: cx + 2, y: cy + 3, width: cell - 5, align: 'right' });
    occupants(doc, t, cx + cell / 2, cy + 13, cell + 4, house.grahas, 2, cell < 50 ? 6 : 7);
  }
  doc.fillColor(MUTED);
  writeLine(doc, t('kundali.chart.rashi'), 400, 9, { x: x + cell + 3, y: y + size / 2 - 10, width: cell * 2 - 6, align: 'center' });
  writeLine(doc, t(chart.reference === 'ascendant' ? 'kundali.chart.lagnaMarked' : 'kundali.chart.fromTheMoon'), 400, 7, { x: x + cell + 3, y: y + size / 2 + 2, width: cell * 2 - 6, align: 'center' });
}
