import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

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
  file: string;
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

function loadFaces(weight: Weight): Face[] {
  return SUBSETS.map(([pkg, prefix]) => {
    const file = path.join(filesOf(pkg), `${prefix}-${weight}-normal.woff`);
    const font = fontkit.create(fs.readFileSync(file));
    return { name: `${prefix}-${weight}`, file, has: (cp: number) => font.hasGlyphForCodePoint(cp) };
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
