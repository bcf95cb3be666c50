import PDFDocument from 'pdfkit';
import type { CatalogueId } from '../../../contracts/i18n/catalogue-ids';
import type { RashiChartView } from '../../../contracts/kundali';
import { incomeParts } from '../../../contracts/profile-basics';
import type { AstroSource, ProfileView } from '../../../contracts/views';
import { countryWord, optionWord, type Translator } from '../../i18n';
import { type ChartStyle, drawNorthChart, drawSouthChart } from './chart';
import { biodataFaces, write, writeLine } from './fonts';

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
  /** the reader's language: every word the document adds (labels, headings, list values, dates); what the member typed stays as typed */
  t: Translator;
}

type Doc = InstanceType<typeof PDFDocument>;

const PAGE = { width: 595.28, height: 841.89, margin: 44 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 26; // the footer's band stays free
const ACCENT = '#7a2e2e';
const INK = '#222222';
const MUTED = '#6b6b6b';
const LABEL_WIDTH = 118;

const humanize = (value: string | null | undefined) => (value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ') : null);

/** A value of one of the contracts' lists by the app's label for it (`opt.<list>.<value>`); null when not answered. */
const option = (t: Translator, list: string, value: string | null | undefined) => (value ? optionWord(t, list, value) : null);

/** "Vrishabha · from birth details", "Mesha · as entered" (the app's own words for where a value came from). */
function withSource(t: Translator, value: string | null, source: AstroSource): string | null {
  if (!value || !source) return value;
  return t(source === 'computed' ? 'astro.fromBirth' : 'astro.asEntered', { value });
}

function heightText(t: Translator, cm: number | null): string | null {
  if (!cm) return null;
  const inches = Math.round(cm / 2.54);
  return t('server.biodata.height', { cm, feet: Math.floor(inches / 12), inches: inches % 12 });
}

/** "2 brothers (1 married)", "No sisters"; null while not answered. */
function siblingText(t: Translator, id: 'server.biodata.brotherCount' | 'server.biodata.sisterCount', count: number | null, married: number | null): string | null {
  if (count === null) return null;
  return t(id, { count, married: married ?? 0 });
}

function birthTime(t: Translator, p: ProfileView): string | null {
  if (p.birthHour === null) return null;
  return `${p.birthHour}:${String(p.birthMinute ?? 0).padStart(2, '0')}${p.birthAmPm ? ` ${optionWord(t, 'ampm', p.birthAmPm)}` : ''}`;
}

/** A date of birth (YYYY-MM-DD, no zone) as the reader's language writes a day: "20 February 1994", "20 फ़रवरी 1994". */
function dateText(t: Translator, value: string | null): string | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return null;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(t.locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
}

/** Where the member lives as the app shows it (member-ui placeOf): the city as typed, the country in the reader's language. */
function placeText(t: Translator, p: ProfileView): string | null {
  if (p.city && p.country) return `${p.city}, ${countryWord(t, p.country)}`;
  return p.location || p.city || (p.country ? countryWord(t, p.country) : null);
}

/** An annual income as the range it falls in, in the app's words for it (`editor.income.*`). */
function incomeText(t: Translator, amount: number | null, currency: string | null): string | null {
  const parts = incomeParts(amount, currency);
  return parts && t(`editor.income.${parts.form}` as CatalogueId, { min: parts.min, max: parts.max });
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
  const { profile: p, t } = c;
  doc.rect(0, 0, PAGE.width, 8).fill(ACCENT);
  doc.fillColor(ACCENT);
  const title = t('server.biodata.title');
  // Letter-spaced capitals in Latin; spacing would pull apart the joined letters of Devanagari and Tamil.
  write(doc, title, 700, 9, { x: PAGE.margin, y: PAGE.margin - 8, characterSpacing: /^[\p{Script=Latin}\s]+$/u.test(title) ? 1.5 : 0 });
  doc.fillColor(INK);
  write(doc, p.fullName, 700, 22, { x: PAGE.margin, y: doc.y + 4, width: CONTENT_WIDTH - 150 });
  const line = [p.age !== null ? t('server.biodata.age', { age: p.age }) : null, p.profession, placeText(t, p)].filter(Boolean).join('  ·  ');
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
    write(doc, c.t('server.biodata.noPhoto'), 400, 9, { x, y: y + h / 2 - 6, width: w, align: 'center' });
  }
  if (c.photo && c.photoBlurred) {
    doc.fillColor(MUTED);
    write(doc, c.t('server.biodata.photoBlurred'), 400, 7, { x: x - 10, y: y + h + 6, width: w + 20, align: 'center' });
  }
  doc.fillColor(INK);
  return y + h + 18;
}

function horoscope(doc: Doc, c: BiodataContent): void {
  const { profile: p, t } = c;
  const s = p.astroSource;
  const chartSize = 160;
  const chartFits = c.chart !== null;
  // The title, the rows beside the chart and the chart stay on one page.
  heading(doc, t('server.biodata.horoscope'), CONTENT_WIDTH, chartFits ? chartSize + 44 : 44);
  const start = doc.y;
  rows(
    doc,
    [
      [t('server.biodata.dateOfBirth'), dateText(t, p.dateOfBirth)],
      [t('server.biodata.timeOfBirth'), birthTime(t, p)],
      [t('server.biodata.placeOfBirth'), p.birthPlace],
      [t('server.biodata.rashi'), withSource(t, option(t, 'rashi', p.rashi), s.rashi)],
      [t('profile.nakshatra'), withSource(t, option(t, 'nakshatra', p.nakshatra), s.nakshatra)],
      [t('profile.manglik'), withSource(t, p.manglik === null ? null : t(p.manglik ? 'common.yes' : 'common.no'), s.manglik)],
      [t('server.biodata.westernSign'), withSource(t, option(t, 'zodiac', p.zodiacSign), s.zodiacSign)],
      [t('server.biodata.gotra'), p.gotra],
    ],
    chartFits ? CONTENT_WIDTH - chartSize - 16 : CONTENT_WIDTH,
  );
  if (!c.chart) return;
  const rowsEnd = doc.y;
  const chartY = start;
  const x = PAGE.margin + CONTENT_WIDTH - chartSize;
  if (c.chartStyle === 'south') drawSouthChart(doc, c.chart, x, chartY, chartSize, t);
  else drawNorthChart(doc, c.chart, x, chartY, chartSize, t);
  doc.fillColor(MUTED);
  const note = t(c.chart.reference === 'ascendant' ? 'server.biodata.chartFromLagna' : 'server.biodata.chartFromMoon');
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
    write(doc, `${c.t('server.biodata.seeOnSaathi')} `, 400, 8, { x: PAGE.margin, y, continued: true });
    doc.fillColor(ACCENT);
    write(doc, c.link, 400, 8, { link: c.link, underline: true });
    doc.text('', { link: null, underline: false });
    doc.fillColor(MUTED);
    writeLine(doc, c.t('server.biodata.page', { page: i - range.start + 1, count: range.count }), 400, 8, { x: PAGE.margin, y, width: CONTENT_WIDTH, align: 'right' });
    doc.page.margins.bottom = margin;
  }
}

/** The biodata as a PDF: one page, or two when the profile says a lot. */
export function renderBiodata(c: BiodataContent): Promise<Buffer> {
  const { profile: p, t } = c;
  const doc = new PDFDocument({
    size: 'A4', margin: PAGE.margin, bufferPages: true, font: null as unknown as string, lang: t.locale,
    info: { Title: t('server.biodata.documentTitle', { name: p.fullName }), Author: 'Saathi', Creator: 'Saathi' },
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
  heading(doc, t('server.biodata.personal'), beside);
  rows(
    doc,
    [
      [t('server.biodata.dateOfBirth'), dateText(t, p.dateOfBirth)],
      [t('profile.height'), heightText(t, p.height)],
      [t('profile.maritalStatus'), option(t, 'marital', p.maritalStatus)],
      [t('filter.religion'), option(t, 'religion', p.religion)],
      [t('profile.community'), p.community],
      [t('server.biodata.motherTongue'), option(t, 'language', p.motherTongue)],
      [t('filter.diet'), option(t, 'diet', p.diet)],
      [t('server.biodata.livesIn'), placeText(t, p)],
      [t('server.biodata.languages'), p.languages.length ? p.languages.map((l) => option(t, 'language', humanize(l.language))).join(', ') : null],
    ],
    beside,
  );
  doc.y = Math.max(doc.y, photoBottom);
  section(doc, t('server.biodata.educationAndWork'), [
    [t('filter.education'), [option(t, 'education', p.education), p.educationDetails].filter(Boolean).join(' — ') || null],
    [t('profile.profession'), p.profession],
    [t('server.biodata.company'), p.company],
    // The range only: the presenter gives a reader who is not the owner no more (see presenters/profile.ts).
    [t('profile.income'), incomeText(t, p.income, p.incomeCurrency)],
  ]);
  heading(doc, t('server.biodata.family'));
  rows(doc, [
    ...(p.profileType === 'parent' ? ([[t('server.biodata.createdBy'), [p.parentName, option(t, 'relation', p.parentRelationship)].filter(Boolean).join(', ') || null]] as Row[]) : []),
    [t('profile.fatherOccupation'), p.fatherOccupation],
    [t('profile.motherOccupation'), p.motherOccupation],
    [t('profile.brothers'), siblingText(t, 'server.biodata.brotherCount', p.brothers, p.brothersMarried)],
    [t('profile.sisters'), siblingText(t, 'server.biodata.sisterCount', p.sisters, p.sistersMarried)],
    [t('server.biodata.siblings'), p.siblingDetails],
    [t('profile.familyLocation'), p.familyLocation],
    [t('profile.familyType'), option(t, 'familyType', p.familyType)],
    [t('profile.familyValues'), option(t, 'familyValues', p.familyValues)],
  ]);
  paragraph(doc, p.familyBackground);
  horoscope(doc, c);
  const ages = p.agePreferenceMin !== null && p.agePreferenceMax !== null ? t('profile.ageRange', { min: p.agePreferenceMin, max: p.agePreferenceMax }) : null;
  section(doc, t('server.biodata.partnerPreferences'), [
    [t('server.biodata.ageLabel'), ages],
    // Countries (stored by their English names) as the reader's language names them; a place typed otherwise as typed.
    [t('filter.location'), p.locationPreference.length ? p.locationPreference.map((place) => countryWord(t, place)).join(', ') : null],
    [t('filter.education'), option(t, 'education', p.educationPreference)],
    [t('profile.profession'), p.professionPreference],
  ]);
  if (p.parentContact || c.email) {
    section(doc, t('server.biodata.contact'), [
      [t('server.biodata.phone'), p.parentContact],
      [t('server.biodata.email'), c.email],
    ]);
  }
  footer(doc, c);
  doc.end();
  return done;
}
