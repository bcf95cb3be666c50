// One build for everything: the server+CLI bundle and the two browser apps (esbuild JS API).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
// SAATHI_DIST lets parallel builds (e.g. two developers' browser-test runs) use separate folders.
const dist = path.resolve(root, process.env.SAATHI_DIST || 'dist');
const started = performance.now();

/** Initial JavaScript budget of the member app, gzipped (the first screen must load fast on a phone). */
const MEMBER_INITIAL_JS_BUDGET = 170 * 1024;

// Native addons and drivers knex can load but Saathi does not use stay outside the bundle.
const SERVER_EXTERNALS = [
  'better-sqlite3', 'sqlite3', 'sharp', 'pg', 'pg-native', 'pg-query-stream', 'mysql', 'mysql2', 'oracledb',
  'tedious', 'mariadb', 'mariadb/*', 'lightningcss', 'esbuild', 'playwright-core', 'fsevents',
];

async function buildServer() {
  await esbuild.build({
    entryPoints: [path.join(root, 'cli/index.ts')],
    outfile: path.join(dist, 'saathi.mjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: 'linked',
    external: SERVER_EXTERNALS,
    // CommonJS dependencies (knex, objection, koa) call require(); give the ESM bundle one.
    banner: {
      js: "import { createRequire as __saathiCreateRequire } from 'node:module'; const require = __saathiCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
    logOverride: { 'empty-import-meta': 'silent' },
  });
}

function htmlPage({ title, scripts, styles, base, description }) {
  const css = styles.map((href) => `    <link rel="stylesheet" href="${href}">`).join('\n');
  const js = scripts.map((src) => `    <script type="module" src="${src}"></script>`).join('\n');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="theme-color" content="#7a1f3d">
    <meta name="description" content="${description}">
    <title>${title}</title>
    <link rel="icon" href="${base}favicon.svg" type="image/svg+xml">
${css}
${js}
  </head>
  <body>
    <div id="root"></div>
    <noscript>Saathi needs JavaScript to run.</noscript>
  </body>
</html>
`;
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7a1f3d"/><path d="M32 50s-16-9.5-16-21a9 9 0 0 1 16-5.6A9 9 0 0 1 48 29c0 11.5-16 21-16 21z" fill="#f4b942"/></svg>`;

async function buildApp({ name, entry, outDir, publicPath, title, description }) {
  const result = await esbuild.build({
    entryPoints: { main: path.join(root, entry) },
    outdir: path.join(outDir, 'assets'),
    publicPath,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'safari16', 'firefox115'],
    minify: true,
    sourcemap: false,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  const outputs = result.metafile.outputs;
  const entryFile = Object.keys(outputs).find((file) => outputs[file].entryPoint === entry && file.endsWith('.js'));
  if (!entryFile) throw new Error(`${name}: no entry output`);
  const toUrl = (file) => publicPath + path.relative(path.join(outDir, 'assets'), path.join(root, file)).split(path.sep).join('/');
  const cssFile = outputs[entryFile].cssBundle;
  fs.writeFileSync(
    path.join(outDir, 'index.html'),
    htmlPage({ title, description, base: publicPath.replace(/assets\/$/, ''), scripts: [toUrl(entryFile)], styles: cssFile ? [toUrl(cssFile)] : [] }),
  );
  fs.writeFileSync(path.join(outDir, 'favicon.svg'), FAVICON);

  // Initial JS = the entry plus everything it imports statically (dynamic imports load on demand).
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const imp of outputs[file].imports ?? []) if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(entryFile);
  let gzipped = 0;
  for (const file of initial) gzipped += zlib.gzipSync(fs.readFileSync(path.join(root, file)), { level: 9 }).length;
  const total = Object.keys(outputs).filter((f) => f.endsWith('.js')).length;
  return { name, initialGzip: gzipped, chunks: total };
}

fs.rmSync(dist, { recursive: true, force: true });
fs.mkdirSync(dist, { recursive: true });
// A build folder outside the project still needs the native addons kept outside the bundle.
if (!path.resolve(dist).startsWith(root + path.sep)) fs.symlinkSync(path.join(root, 'node_modules'), path.join(dist, 'node_modules'), 'dir');
const [, member, ops] = await Promise.all([
  buildServer(),
  buildApp({
    name: 'member app',
    entry: 'member-ui/main.tsx',
    outDir: path.join(dist, 'member'),
    publicPath: '/assets/',
    title: 'Saathi — matrimonial bonds across seas',
    description: 'Saathi helps Indians living abroad, and their families, find a life partner.',
  }),
  buildApp({
    name: 'ops console',
    entry: 'ops-ui/main.tsx',
    outDir: path.join(dist, 'ops'),
    publicPath: '/ops/assets/',
    title: 'Saathi Ops',
    description: 'Saathi reviewers’ console',
  }),
]);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const app of [member, ops]) console.log(`${app.name}: initial JS ${kb(app.initialGzip)} gzipped, ${app.chunks} JS files`);
console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
if (member.initialGzip > MEMBER_INITIAL_JS_BUDGET) {
  console.error(`member app initial JS ${kb(member.initialGzip)} exceeds the ${kb(MEMBER_INITIAL_JS_BUDGET)} budget`);
  process.exit(1);
}
