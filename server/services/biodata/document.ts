import PDFDocument from 'pdfkit';
import type { RashiChartView } from '../../../contracts/kundali';
import { formatIncome } from '../../../contracts/profile-basics';
import type { AstroSource, ProfileView } from '../../../contracts/views';
import { type ChartStyle, drawNorthChart, drawSouthChart } from './chart';
import { biodataFaces, runsOf, type Weight } from './fonts';

/** What the biodata shows: the profile as the viewer may see it, already filtered by the privacy rules. */
export interface BiodataContent {
  profile: ProfileView;
  /** the member's email, only when their privacy settings show it */
  email: string | null;
  /** the main photo in the rendition the viewer may see (JPEG), or null */
  photo: Buffer | null;
  photoBlurred: boolean;
  /** null when no chart can be cast from the birth details */
  chart: RashiChartView | null;
  chartStyle: ChartStyle;
  /** the Saathi address of the profile */
  link: string;
}

type Doc = InstanceType<typeof PDFDocument>;

const PAGE = { width: 595.28, height: 841.89, margin: 44 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 26; // the footer's band stays free
const ACCENT = '#7a2e2e';
const INK = '#222222';
const MUTED = '#6b6b6b';
const LABEL_WIDTH = 118;

/** Writes `text` at the cursor (or x, y) in runs of the faces its scripts need. */
function write(doc: Doc, text: string, weight: Weight, size: number, options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {}): void {
  const { x, y, continued = false, ...rest } = options;
  const runs = runsOf(text, weight);
  runs.forEach((run, i) => {
    doc.font(run.face).fontSize(size);
    const more = i < runs.length - 1 || continued;
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, { ...rest, continued: more });
    else doc.text(run.text, { ...rest, continued: more });
  });
}

const humanize = (value: string | null | undefined) => (value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ') : null);

const SOURCE_NOTE: Record<Exclude<AstroSource, null>, string> = { computed: 'from birth details', entered: 'as entered' };
const withSource = (value: string | null, source: AstroSource) => (value && source ? `${value} · ${SOURCE_NOTE[source]}` : value);

function heightText(cm: number | null): string | null {
  if (!cm) return null;
  const inches = Math.round(cm / 2.54);
  return `${cm} cm (${Math.floor(inches / 12)}′ ${inches % 12}″)`;
}

/** "2 brothers (1 married)", "No sisters"; null while not answered. */
function siblingText(count: number | null, married: number | null, one: string, many: string): string | null {
  if (count === null) return null;
  if (count === 0) return `No ${many}`;
  return `${count} ${count === 1 ? one : many}${married ? ` (${married} married)` : ''}`;
}

function birthTime(p: ProfileView): string | null {
  if (p.birthHour === null) return null;
  return `${p.birthHour}:${String(p.birthMinute ?? 0).padStart(2, '0')}${p.birthAmPm ? ` ${p.birthAmPm}` : ''}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
function dateText(value: string | null): string | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : null;
}

function ensureRoom(doc: Doc, needed: number): void {
  if (doc.y + needed > BOTTOM) doc.addPage();
}

/** A section title; `needed` keeps it on the page with the first rows it heads. */
function heading(doc: Doc, title: string, width = CONTENT_WIDTH, needed = 44): void {
  ensureRoom(doc, needed);
  doc.y += 9;
  write(doc, title, 700, 12, { x: PAGE.margin, y: doc.y, width });
  doc.fillColor(INK);
  doc.save().moveTo(PAGE.margin, doc.y + 1).lineTo(PAGE.margin + width, doc.y + 1).lineWidth(0.8).strokeColor(ACCENT).stroke().restore();
  doc.y += 6;
}

type Row = [label: string, value: string | null | undefined];

/** A titled block of rows, moved whole to the next page when it would be split (if it fits a page). */
function section(doc: Doc, title: string, items: Row[]): void {
  const shown = items.filter(([, value]) => value);
  if (shown.length === 0) return;
  heading(doc, title, CONTENT_WIDTH, Math.min(40 + 15 * shown.length, 300));
  rows(doc, shown);
}

/** Label/value rows; rows without a value are left out. */
function rows(doc: Doc, items: Row[], width = CONTENT_WIDTH, x = PAGE.margin): void {
  for (const [label, value] of items) {
    if (!value) continue;
    ensureRoom(doc, 16);
    const y = doc.y;
    doc.fillColor(MUTED);
    write(doc, label, 400, 9.5, { x, y, width: LABEL_WIDTH - 8 });
    const afterLabel = doc.y;
    doc.fillColor(INK);
    write(doc, value, 400, 9.5, { x: x + LABEL_WIDTH, y, width: width - LABEL_WIDTH });
    doc.y = Math.max(doc.y, afterLabel) + 1.5;
  }
}

function paragraph(doc: Doc, text: string | null, width = CONTENT_WIDTH): void {
  if (!text) return;
  ensureRoom(doc, 30);
  doc.fillColor(INK);
  write(doc, text, 400, 9.5, { x: PAGE.margin, y: doc.y, width, lineGap: 1.5 });
  doc.y += 3;
}

function header(doc: Doc, c: BiodataContent): void {
  const p = c.profile;
  doc.rect(0, 0, PAGE.width, 8).fill(ACCENT);
  doc.fillColor(ACCENT);
  write(doc, 'MARRIAGE BIODATA', 700, 9, { x: PAGE.margin, y: PAGE.margin - 8, characterSpacing: 1.5 });
  doc.fillColor(INK);
  write(doc, p.fullName, 700, 22, { x: PAGE.margin, y: doc.y + 4, width: CONTENT_WIDTH - 150 });
  const line = [p.age !== null ? `${p.age} years` : null, p.profession, p.location].filter(Boolean).join('  ·  ');
  doc.fillColor(MUTED);
  if (line) write(doc, line, 400, 10.5, { x: PAGE.margin, y: doc.y + 2, width: CONTENT_WIDTH - 150 });
  if (p.familyStatus) write(doc, p.familyStatus, 400, 9, { x: PAGE.margin, y: doc.y + 2, width: CONTENT_WIDTH - 150 });
  doc.fillColor(INK);
}

/** The photo in its frame at the top right; returns the frame's bottom. */
function photo(doc: Doc, c: BiodataContent): number {
  const w = 130;
  const h = 162;
  const x = PAGE.margin + CONTENT_WIDTH - w;
  const y = PAGE.margin - 4;
  doc.save().rect(x - 3, y - 3, w + 6, h + 6).lineWidth(0.8).strokeColor(ACCENT).stroke().restore();
  if (c.photo) {
    doc.image(c.photo, x, y, { fit: [w, h], align: 'center', valign: 'center' });
  } else {
    doc.rect(x, y, w, h).fill('#f3ecec');
    doc.fillColor(MUTED);
    write(doc, 'No photo', 400, 9, { x, y: y + h / 2 - 6, width: w, align: 'center' });
  }
  if (c.photo && c.photoBlurred) {
    doc.fillColor(MUTED);
    write(doc, 'Photo blurred at the member’s request', 400, 7, { x: x - 10, y: y + h + 6, width: w + 20, align: 'center' });
  }
  doc.fillColor(INK);
  return y + h + 18;
}

function horoscope(doc: Doc, c: BiodataContent): void {
  const p = c.profile;
  const s = p.astroSource;
  const chartSize = 160;
  const chartFits = c.chart !== null;
  // The title, the rows beside the chart and the chart stay on one page.
  heading(doc, 'Horoscope', CONTENT_WIDTH, chartFits ? chartSize + 44 : 44);
  const start = doc.y;
  rows(
    doc,
    [
      ['Date of birth', dateText(p.dateOfBirth)],
      ['Time of birth', birthTime(p)],
      ['Place of birth', p.birthPlace],
      ['Rashi (Moon sign)', withSource(p.rashi, s.rashi)],
      ['Nakshatra', withSource(p.nakshatra, s.nakshatra)],
      ['Manglik', withSource(p.manglik === null ? null : p.manglik ? 'Yes' : 'No', s.manglik)],
      ['Western sign', withSource(p.zodiacSign, s.zodiacSign)],
      ['Gotra', p.gotra],
    ],
    chartFits ? CONTENT_WIDTH - chartSize - 16 : CONTENT_WIDTH,
  );
  if (!c.chart) return;
  const rowsEnd = doc.y;
  const chartY = start;
  const x = PAGE.margin + CONTENT_WIDTH - chartSize;
  const face = biodataFaces()[400][0].name;
  if (c.chartStyle === 'south') drawSouthChart(doc, c.chart, x, chartY, chartSize, face);
  else drawNorthChart(doc, c.chart, x, chartY, chartSize, face);
  doc.fillColor(MUTED);
  const note = c.chart.reference === 'ascendant' ? 'Chart: whole-sign houses from the ascendant (lagna), Lahiri ayanamsa.' : 'Chart: birth time unknown, houses from the Moon sign.';
  write(doc, note, 400, 7.5, { x: PAGE.margin, y: rowsEnd + 4, width: CONTENT_WIDTH - chartSize - 16 });
  doc.fillColor(INK);
  doc.y = Math.max(doc.y, chartY + chartSize + 4);
}

function footer(doc: Doc, c: BiodataContent): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing into the bottom margin must not open a new page.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 2;
    doc.save().moveTo(PAGE.margin, y - 6).lineTo(PAGE.margin + CONTENT_WIDTH, y - 6).lineWidth(0.5).strokeColor('#cccccc').stroke().restore();
    doc.fillColor(MUTED);
    write(doc, 'See this profile on Saathi: ', 400, 8, { x: PAGE.margin, y, continued: true });
    doc.fillColor(ACCENT);
    write(doc, c.link, 400, 8, { link: c.link, underline: true });
    doc.text('', { link: null, underline: false });
    doc.fillColor(MUTED);
    write(doc, `Page ${i - range.start + 1} of ${range.count}`, 400, 8, { x: PAGE.margin, y, width: CONTENT_WIDTH, align: 'right' });
    doc.page.margins.bottom = margin;
  }
}

/** The biodata as a PDF: one page, or two when the profile says a lot. */
export function renderBiodata(c: BiodataContent): Promise<Buffer> {
  const p = c.profile;
  const doc = new PDFDocument({
    size: 'A4', margin: PAGE.margin, bufferPages: true, font: null as unknown as string,
    info: { Title: `Marriage biodata: ${p.fullName}`, Author: 'Saathi', Creator: 'Saathi' },
  });
  for (const weight of [400, 700] as const) for (const face of biodataFaces()[weight]) doc.registerFont(face.name, face.data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  header(doc, c);
  const photoBottom = photo(doc, c);
  const beside = CONTENT_WIDTH - 150;
  if (p.about) {
    doc.y += 8;
    paragraph(doc, p.about, beside);
  }
  heading(doc, 'Personal details', beside);
  rows(
    doc,
    [
      ['Date of birth', dateText(p.dateOfBirth)],
      ['Height', heightText(p.height)],
      ['Marital status', humanize(p.maritalStatus)],
      ['Religion', p.religion],
      ['Community', p.community],
      ['Mother tongue', p.motherTongue],
      ['Diet', humanize(p.diet)],
      ['Lives in', p.location],
      ['Languages', p.languages.length ? p.languages.map((l) => humanize(l.language)).join(', ') : null],
    ],
    beside,
  );
  doc.y = Math.max(doc.y, photoBottom);
  section(doc, 'Education and work', [
    ['Education', [p.education, p.educationDetails].filter(Boolean).join(' — ') || null],
    ['Profession', p.profession],
    ['Company', p.company],
    // The range only: the presenter gives a reader who is not the owner no more (see presenters/profile.ts).
    ['Annual income', formatIncome(p.income, p.incomeCurrency)],
  ]);
  heading(doc, 'Family');
  rows(doc, [
    ...(p.profileType === 'parent' ? ([['Profile created by', [p.parentName, humanize(p.parentRelationship)].filter(Boolean).join(', ') || null]] as Array<[string, string | null]>) : []),
    ["Father's occupation", p.fatherOccupation],
    ["Mother's occupation", p.motherOccupation],
    ['Brothers', siblingText(p.brothers, p.brothersMarried, 'brother', 'brothers')],
    ['Sisters', siblingText(p.sisters, p.sistersMarried, 'sister', 'sisters')],
    ['Siblings', p.siblingDetails],
    ['Family lives in', p.familyLocation],
    ['Family type', humanize(p.familyType)],
    ['Family values', humanize(p.familyValues)],
  ]);
  paragraph(doc, p.familyBackground);
  horoscope(doc, c);
  const ages = p.agePreferenceMin !== null && p.agePreferenceMax !== null ? `${p.agePreferenceMin} – ${p.agePreferenceMax} years` : null;
  section(doc, 'Partner preferences', [
    ['Age', ages],
    ['Location', p.locationPreference.length ? p.locationPreference.join(', ') : null],
    ['Education', p.educationPreference],
    ['Profession', p.professionPreference],
  ]);
  if (p.parentContact || c.email) {
    section(doc, 'Contact', [
      ['Phone', p.parentContact],
      ['Email', c.email],
    ]);
  }
  footer(doc, c);
  doc.end();
  return done;
}
