import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

/**
 * The biodata's typefaces: Noto Sans from @fontsource (Latin, Latin Extended and Devanagari in @fontsource/noto-sans,
 * Tamil in @fontsource/noto-sans-tamil), shipped with the app so a name in Hindi or Tamil prints the same on every
 * machine, whatever fonts the system has. Each file covers one script; a text is written in runs, each in the first
 * face that has its characters (fontkit shapes Devanagari and Tamil within a run).
 */
export type Weight = 400 | 700;

interface Face {
  /** the name registered with the PDF document */
  name: string;
  /** the TrueType font */
  data: Buffer;
  has: (codePoint: number) => boolean;
}

const require = createRequire(import.meta.url);
/** A package's files/ folder: their exports map only the CSS, so the folder is found beside its index.css. */
const filesOf = (pkg: string) => path.join(path.dirname(require.resolve(pkg)), 'files');

const SUBSETS: Array<[pkg: string, prefix: string]> = [
  ['@fontsource/noto-sans', 'noto-sans-latin'],
  ['@fontsource/noto-sans', 'noto-sans-latin-ext'],
  ['@fontsource/noto-sans', 'noto-sans-devanagari'],
  ['@fontsource/noto-sans-tamil', 'noto-sans-tamil-tamil'],
];

/**
 * WOFF → the plain TrueType font it wraps (each table inflated, the table directory rewritten). Done once per
 * process: parsing the WOFF in every document inflated every table again, most of a biodata's drawing time.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, compLength, origLength] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const stored = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? zlib.inflateSync(stored) : stored };
  });
  const entrySelector = Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + 16 * numTables);
  woff.copy(header, 0, 4, 8); // the flavor: TrueType or CFF outlines
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(16 * 2 ** entrySelector, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(16 * numTables - 16 * 2 ** entrySelector, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(header, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

function loadFaces(weight: Weight): Face[] {
  return SUBSETS.map(([pkg, prefix]) => {
    const data = sfntOfWoff(fs.readFileSync(path.join(filesOf(pkg), `${prefix}-${weight}-normal.woff`)));
    const font = fontkit.create(data);
    return { name: `${prefix}-${weight}`, data, has: (cp: number) => font.hasGlyphForCodePoint(cp) };
  });
}

let faces: Record<Weight, Face[]> | null = null;

/** Every face of both weights (read once per process). */
export function biodataFaces(): Record<Weight, Face[]> {
  faces ??= { 400: loadFaces(400), 700: loadFaces(700) };
  return faces;
}

/** Combining marks and joiners stay with the character before them, whatever face has them. */
const JOINS = /[\p{M}\u200c\u200d]/u;

/**
 * The text cut into runs of one face each. A character no face has goes with the run it is in (it prints as the
 * face's empty glyph rather than failing the document).
 */
export function runsOf(text: string, weight: Weight): Array<{ face: string; text: string }> {
  const list = biodataFaces()[weight];
  const runs: Array<{ face: string; text: string }> = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const last = runs[runs.length - 1];
    if (last && (JOINS.test(ch) || ch === ' ')) {
      last.text += ch;
      continue;
    }
    const face = list.find((f) => f.has(cp))?.name ?? last?.face ?? list[0].name;
    if (last && last.face === face) last.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}

/** Writes `text` at the cursor (or x, y) in runs of the faces its scripts need, at `size` points. */
export function write(doc: InstanceType<typeof PDFDocument>, text: string, weight: Weight, size: number, options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {}): void {
  const { x, y, continued = false, ...rest } = options;
  const runs = runsOf(text, weight);
  runs.forEach((run, i) => {
    doc.font(run.face).fontSize(size);
    const more = i < runs.length - 1 || continued;
    if (i === 0 && x !== undefined) doc.text(run.text, x, y, { ...rest, continued: more });
    else doc.text(run.text, { ...rest, continued: more });
  });
}

/**
 * One line of `text` in a box `width` wide from x, aligned left, centre or right, shrunk to fit the box: each run is
 * measured and placed at its own x (pdfkit's alignment of `continued` runs in different faces overlaps them).
 */
export function writeLine(doc: InstanceType<typeof PDFDocument>, text: string, weight: Weight, size: number, box: { x: number; y: number; width: number; align?: 'left' | 'center' | 'right' }): void {
  const runs = runsOf(text, weight);
  const measure = (points: number) => runs.reduce((sum, run) => sum + doc.font(run.face).fontSize(points).widthOfString(run.text), 0);
  let total = measure(size);
  const fitted = total > box.width ? (size * box.width) / total : size;
  if (fitted !== size) total = measure(fitted);
  const align = box.align ?? 'left';
  let at = align === 'center' ? box.x + (box.width - total) / 2 : align === 'right' ? box.x + box.width - total : box.x;
  for (const run of runs) {
    doc.font(run.face).fontSize(fitted).text(run.text, at, box.y, { lineBreak: false });
    at += doc.widthOfString(run.text);
  }
}
