import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as acorn from 'acorn';
import * as esbuild from 'esbuild';

/**
 * The member app's folders (or files) whose words are all in the catalogues. Widen it as a folder is converted
 * (docs/i18n.md): from then on a JSX text literal, an English label attribute or an English toast there fails here.
 */
export const CONVERTED = [
  'member-ui/app/layout',
  'member-ui/i18n',
  'member-ui/features/home',
  'member-ui/features/search',
  'member-ui/features/notifications',
  'member-ui/features/auth',
  'member-ui/features/subscription',
  'member-ui/components/subscription',
  'member-ui/features/info/routes/splash-page.tsx',
  'member-ui/features/info/components/slide-track.tsx',
  'member-ui/features/profile-view/routes/profile-view-page.tsx',
  'member-ui/features/profile-view/components/match-breakdown.tsx',
  'member-ui/features/settings',
  'member-ui/components/not-interested',
  'member-ui/components/shortlist',
  'member-ui/components/profile/profile-details.tsx',
  'member-ui/components/profile/family-section.tsx',
  'member-ui/components/profile/insight-cards.tsx',
  'member-ui/components/profile/download-biodata.tsx',
  'member-ui/components/ui/text-field.tsx',
  'member-ui/components/ui/toast.tsx',
  'member-ui/components/ui/match-badge.tsx',
  'member-ui/features/messages',
  'member-ui/components/chat',
  'member-ui/features/liked-profiles',
  'member-ui/components/who-liked-you',
  'member-ui/features/shortlist',
  'member-ui/features/profile-views',
  'member-ui/features/saved-searches',
  'member-ui/components/saved-searches',
  'member-ui/features/calls',
  'member-ui/components/calls',
  'member-ui/features/success-stories',
  'member-ui/features/compatibility',
  'member-ui/features/moods',
  'member-ui/features/family',
  'member-ui/components/family',
  // The legal pages' full text is English on purpose, the binding one (features/info/legal); their summaries are translated.
  'member-ui/features/info/routes',
  'member-ui/features/info/components',
  'member-ui/features/create-profile',
  'member-ui/features/profile',
  'member-ui/features/sharing',
  'member-ui/components/profile',
  'member-ui/components/verification',
  'member-ui/components/sharing',
];

/** Words that are the same in every language: the brand and the stores' names. */
const ALLOWED = new Set(['Saathi', 'App Store', 'Google Play']);
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'hint', 'subtitle', 'description', 'text', 'content', 'aria-description']);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const isEnglish = (text: string) => /[A-Za-z]{2,}/.test(text) && !ALLOWED.has(text.trim());

function filesOf(entry: string): string[] {
  const full = path.join(root, entry);
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.tsx') && !file.endsWith('.test.tsx'))
    .map((file) => path.join(entry, file));
}

type Node = acorn.Node & Record<string, unknown>;

/** Every node of a tree, depth first. */
function* nodesOf(node: unknown): Generator<Node> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesOf(child);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') yield n;
  for (const [key, value] of Object.entries(n)) if (key !== 'loc' && value && typeof value === 'object') yield* nodesOf(value);
}

/** The English texts of a string literal or a template's fixed parts. */
function englishIn(node: Node | undefined): string[] {
  if (!node) return [];
  if (node.type === 'Literal' && typeof node.value === 'string') return isEnglish(node.value) ? [node.value] : [];
  if (node.type === 'TemplateLiteral') return (node.quasis as Array<{ value: { cooked: string } }>).map((q) => q.value.cooked).filter(isEnglish);
  return [];
}

/**
 * The file's JSX, compiled by esbuild to `h(type, props, ...children)` calls (types gone, JSX text as string literals),
 * read with acorn: what a member would read in English.
 */
function englishOf(file: string): string[] {
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const { code } = esbuild.transformSync(source, { loader: file.endsWith('.tsx') ? 'tsx' : 'ts', jsx: 'transform', jsxFactory: 'h', jsxFragment: 'F', format: 'esm', target: 'es2022' });
  const found: string[] = [];
  for (const node of nodesOf(acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'module' }))) {
    if (node.type !== 'CallExpression') continue;
    const callee = node.callee as Node;
    const args = node.arguments as Node[];
    const name = callee.type === 'Identifier' ? String(callee.name) : null;
    if (name === 'h') {
      for (const child of args.slice(2)) found.push(...englishIn(child).map((text) => `text "${text.trim()}"`));
      const props = args[1];
      if (props?.type === 'ObjectExpression') {
        for (const prop of props.properties as Node[]) {
          const key = (prop.key as Node | undefined)?.name ?? (prop.key as Node | undefined)?.value;
          if (READ_ATTRIBUTES.has(String(key))) found.push(...englishIn(prop.value as Node).map((text) => `${String(key)}="${text}"`));
        }
      }
    }
    if (name === 'toast' && args[0]?.type === 'ObjectExpression') {
      for (const prop of args[0].properties as Node[]) {
        const key = String((prop.key as Node | undefined)?.name);
        if (key === 'title' || key === 'description') found.push(...englishIn(prop.value as Node).map((text) => `toast ${key} "${text}"`));
      }
    }
  }
  return found;
}

test('the converted folders show no English outside the catalogues (JSX text, read attributes, toasts)', () => {
  const offences = CONVERTED.flatMap(filesOf).flatMap((file) => englishOf(file).map((what) => `${file}: ${what}`));
  assert.deepEqual(offences, []);
});

test('the check finds what it is for', () => {
  const dir = fs.mkdtempSync(path.join(root, 'member-ui/i18n/.guard-'));
  try {
    const file = path.join(dir, 'sample.tsx');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample is source code with a template literal in it
    fs.writeFileSync(file, "export const A = () => <p title=\"Hello there\">Welcome back {name}<b>Saathi</b></p>;\nexport const B = () => toast({ title: `Saved ${x}` });\n");
    const found = englishOf(path.relative(root, file));
    assert.deepEqual(found.sort(), ['text "Welcome back"', 'title="Hello there"', 'toast title "Saved "'].sort());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
