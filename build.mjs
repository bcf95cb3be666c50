// One build for everything: the server+CLI bundle and the two browser apps (esbuild JS API).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import * as esbuild from 'esbuild';
import { buildPwa } from './scripts/build-pwa.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
// SAATHI_DIST lets parallel builds (e.g. two developers' browser-test runs) use separate folders.
const dist = path.resolve(root, process.env.SAATHI_DIST || 'dist');
const started = performance.now();

/** Initial JavaScript budget of the member app, gzipped (the first screen must load fast on a phone). */
const MEMBER_INITIAL_JS_BUDGET = 170 * 1024;
/**
 * Small shared chunks needed by at least this share of the member app's lazy screens go into one chunk (see
 * lazyChunking). 0 = all of them: on a phone each further file costs a round trip, more than its few kilobytes.
 */
const LAZY_COMMON_SHARE = 0;

// Native addons and drivers knex can load but Saathi does not use stay outside the bundle.
const SERVER_EXTERNALS = [
  'better-sqlite3', 'sqlite3', 'sharp', '@node-rs/argon2', 'pg', 'pg-native', 'pg-query-stream', 'mysql', 'mysql2', 'oracledb',
  'tedious', 'mariadb', 'mariadb/*', 'lightningcss', 'esbuild', 'playwright-core', 'fsevents',
  // pdfkit loads its standard fonts and colour profile from its own folder at run time.
  'pdfkit',
];

async function buildServer() {
  const options = {
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
    // The server renders home's and search's first cards with React (member-ui/first-screen): its production build,
    // whatever the environment says (the server itself reads NODE_ENV nowhere).
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  await Promise.all([
    esbuild.build({ ...options, entryPoints: [path.join(root, 'cli/index.ts')], outfile: path.join(dist, 'saathi.mjs') }),
    // The match engine's start-up scan worker on its own (a third of the server's code): a worker loading the
    // whole server takes half a second to start, half a second of a start-up at a million members spent waiting.
    esbuild.build({ ...options, entryPoints: [path.join(root, 'server/services/match-engine/parallel-scan.ts')], outfile: path.join(dist, SCAN_WORKER) }),
  ]);
}

/** The scan worker's file beside the server's bundle (parallel-scan.ts looks for it there). */
const SCAN_WORKER = 'saathi-scan-worker.mjs';

function htmlPage({ title, scripts, styles, base, description, preloads = [], fetches = [], shell = '', installable = false }) {
  // The stylesheet blocks the first paint (the page's header and spinner are painted with it, never unstyled).
  // Inlining the shell's own rules and fetching the stylesheet without blocking would paint the header a round
  // trip earlier, but the stylesheet's parse and the app's start-up would then run after the first paint: on a
  // phone that is main-thread time during which the shown page cannot respond (Lighthouse's total blocking time).
  const css = styles.map((href) => `    <link rel="stylesheet" href="${href}">`).join('\n');
  const js = scripts.map((src) => `    <script type="module" src="${src}"></script>`).join('\n');
  // The entry's static imports, fetched with the entry instead of after it has been parsed.
  const modules = preloads.map((href) => `    <link rel="modulepreload" href="${href}">`).join('\n');
  // API answers every screen waits for (the session), requested with the page instead of after the scripts ran.
  const data = fetches.map((href) => `\n    <link rel="preload" href="${href}" as="fetch" crossorigin="use-credentials">`).join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
    <meta name="theme-color" content="#7a1f3d">
    <meta name="description" content="${description}">
    <title>${title}</title>
    <link rel="icon" href="${base}favicon.svg" type="image/svg+xml">${installable ? '\n    <link rel="manifest" href="/manifest.webmanifest">\n    <link rel="apple-touch-icon" href="/icons/icon-192.png">' : ''}
${css}
${js}
${modules}${data}${shell ? '\n    <noscript><style>.full-page-spinner { display: none; }</style></noscript>' : ''}
  </head>
  <body>
    <div id="root">${shell}</div>
${shell ? '' : '    <noscript>Saathi needs JavaScript to run.</noscript>\n'}  </body>
</html>
`;
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#7a1f3d"/><path d="M32 50s-16-9.5-16-21a9 9 0 0 1 16-5.6A9 9 0 0 1 48 29c0 11.5-16 21-16 21z" fill="#f4b942"/></svg>`;

/**
 * esbuild splits code shared between the entry and the lazy screens, and among lazy screens, into one chunk per
 * distinct set of importers: left to that, the first screen fetches ~40 files and a lazy screen ~25 more, most
 * under 1 KB, each costing a round trip on a phone. Every lazy module is only ever loaded by the running app, so its
 * wrapper imports `sharedRoot` (the app's root component) first: the first screen's code lands in one chunk.
 * The wrapper also imports `common` (the modules that many lazy screens share, found by a first build): they
 * land in one chunk fetched with the first lazy screen. What fewer screens share is split among them by esbuild's rule.
 * A visitor's sign-in screens leave `common` out (it is the members' screens' code: profile cards, sliders, 100 KB
 * that a visitor's first page would download for nothing); the few small modules they need (form fields, the
 * card around the form) go into the first screen's chunk (`visitorCommon`, re-exported by `sharedRoot`), so such a
 * screen is its own chunk plus the contracts it validates with.
 */
function lazyChunking(sharedRoot, entry, { common = [], visitorCommon = [], isVisitorScreen = () => false } = {}) {
  const rootFile = path.join(root, sharedRoot);
  const entryFile = path.join(root, entry);
  // Re-exports keep the listed modules reachable from the importer (bare imports of side-effect-free modules would
  // be dropped); nothing imports these names, so they cost nothing.
  const reexports = (files) => files.map((file, i) => `export * as m${i} from ${JSON.stringify(path.join(root, file))};`).join('\n');
  return {
    name: 'lazy-chunking',
    setup(build) {
      if (visitorCommon.length > 0) {
        // Only the root file: a filter without a namespace would also catch the lazy-screen wrappers.
        build.onLoad({ filter: /\.tsx$/, namespace: 'file' }, (args) => {
          if (args.path !== rootFile) return undefined;
          const source = fs.readFileSync(args.path, 'utf8');
          return { contents: `${source}\nexport * as __saathiVisitorCommon from 'visitor-common';\n`, loader: 'tsx', resolveDir: path.dirname(args.path) };
        });
        build.onResolve({ filter: /^visitor-common$/ }, () => ({ path: 'visitor-common', namespace: 'lazy-common' }));
      }
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.lazyChunking) return undefined;
        // A language's catalogue is data, fetched on its own: not a screen with the app's shared code around it.
        if (args.path.endsWith('.json')) return undefined;
        // The entry's own dynamic import is the app's start, loaded with the page (see initialFiles), not a screen.
        if (args.importer === entryFile) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: 'dynamic-import', importer: args.importer, resolveDir: args.resolveDir, pluginData: { lazyChunking: true },
        });
        if (resolved.errors.length > 0 || resolved.external || resolved.namespace !== 'file') return resolved;
        return { path: resolved.path, namespace: 'lazy-screen' };
      });
      build.onResolve({ filter: /^lazy-common$/ }, () => ({ path: 'lazy-common', namespace: 'lazy-common' }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-common' }, (args) => ({
        contents: reexports(args.path === 'visitor-common' ? visitorCommon : common),
        loader: 'js',
        resolveDir: root,
      }));
      build.onLoad({ filter: /.*/, namespace: 'lazy-screen' }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        const target = JSON.stringify(args.path);
        const reexportDefault = /export\s+default\b|as\s+default\b/.test(source) ? `export { default } from ${target};\n` : '';
        const commonImport = common.length > 0 && !isVisitorScreen(args.path) ? "import 'lazy-common';\n" : '';
        return { contents: `import ${JSON.stringify(rootFile)};\n${commonImport}export * from ${target};\n${reexportDefault}`, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

// FormatJS's ICU parser, the one react-intl formats with (it is react-intl's own dependency).
const icuParser = createRequire(createRequire(import.meta.url).resolve('react-intl'))('@formatjs/icu-messageformat-parser');
const CATALOGUE_FILE = /(^|[\\/])contracts[\\/]i18n[\\/]catalogues[\\/][a-z-]+\.json$/;

/**
 * The member app's catalogues (contracts/i18n/catalogues), precompiled: each message is FormatJS's AST (what
 * `formatjs compile --ast` writes), so the app formats without the ICU parser, which stays out of the bundle (react-intl
 * is then 13 KB gzipped instead of 24). The server's own messages (`server.*`: API errors, emails) are left out.
 */
function catalogueAst() {
  return {
    name: 'catalogue-ast',
    setup(build) {
      // English is fetched like any language (its chunk is preloaded with the page), not carried in the app's
      // initial code: the app's own static import of it (member-ui/i18n/catalogue.ts, for its types and for Node)
      // is empty here, and the contracts' (contracts/i18n/validation.ts) has only the schemas' messages (`v.*`).
      build.onResolve({ filter: /[\\/]catalogues[\\/]en\.json$/ }, (args) => {
        if (args.kind !== 'import-statement') return undefined;
        const importer = args.importer.split(path.sep).join('/');
        if (importer.endsWith('member-ui/i18n/catalogue.ts')) return { path: 'inline-english', namespace: 'catalogue-part' };
        if (importer.endsWith('contracts/i18n/validation.ts')) return { path: path.resolve(args.resolveDir, args.path), namespace: 'catalogue-part', pluginData: { only: 'v.' } };
        return undefined;
      });
      build.onLoad({ filter: /.*/, namespace: 'catalogue-part' }, async (args) =>
        args.path === 'inline-english' ? { contents: '{}', loader: 'json' } : { contents: JSON.stringify(await compile(args.path, args.pluginData.only)), loader: 'json' },
      );
      build.onLoad({ filter: CATALOGUE_FILE }, async (args) => ({ contents: JSON.stringify(await compile(args.path)), loader: 'json' }));
      // A language's chunk is whole: the English text of an id it lacks is in it, so a Hindi or Tamil page fetches
      // its own catalogue only, not English as well.
      async function compile(file, only = '') {
        const own = JSON.parse(await fs.promises.readFile(file, 'utf8'));
        const messages = { ...ENGLISH, ...own };
        const compiled = {};
        for (const [id, message] of Object.entries(messages)) {
          if (id.startsWith('server.') || !id.startsWith(only)) continue;
          try {
            compiled[id] = icuParser.parse(message);
          } catch (error) {
            throw new Error(`${path.relative(root, file)}: message ${id} is no valid ICU message (${error.message})`);
          }
        }
        return compiled;
      }
      // Every message arrives compiled: the parser's entry point is swapped for its parser-less one.
      build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, (args) =>
        build.resolve('@formatjs/icu-messageformat-parser/no-parser.js', { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir }),
      );
    },
  };
}

/** An output file and every output it imports statically, transitively (dynamic imports load on demand). */
function staticClosure(outputs, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imp of outputs[file].imports ?? []) if (imp.kind === 'import-statement' && !imp.external) staticClosure(outputs, imp.path, seen);
  return seen;
}

/**
 * What every page loads: the entry, what it imports statically, and the app start it imports once the page has
 * painted (member-ui/main.tsx), with everything that imports statically. All are modulepreloaded by the page.
 */
function initialFiles(outputs, entryFile, withStart = true) {
  const files = staticClosure(outputs, entryFile);
  if (withStart) for (const imp of outputs[entryFile].imports ?? []) if (imp.kind === 'dynamic-import' && !imp.external) staticClosure(outputs, imp.path, files);
  return files;
}

/**
 * Input modules of the small chunks (round trips, not bytes, are their cost) that at least `share` of the lazy
 * screens need beyond the initial files. Large shared chunks (zod) stay apart, for the screens that use them.
 */
function commonLazyModules(metafile, entry, share, keepScreen = () => true, maxChunkBytes = 16 * 1024) {
  const outputs = metafile.outputs;
  const entryFile = Object.keys(outputs).find((file) => outputs[file].entryPoint === entry && file.endsWith('.js'));
  const initial = initialFiles(outputs, entryFile);
  const screens = Object.keys(outputs).filter(
    (file) => file.endsWith('.js') && outputs[file].entryPoint && file !== entryFile && keepScreen(outputs[file].entryPoint.replace(/^lazy-screen:/, '')),
  );
  const users = new Map();
  for (const screen of screens) for (const file of staticClosure(outputs, screen)) if (!initial.has(file) && file !== screen) users.set(file, (users.get(file) ?? 0) + 1);
  const modules = [];
  // A small chunk that imports a large one (contracts/auth.ts imports zod) stays apart: merging it would bring
  // the large chunk to every screen.
  const onlySmall = (file) => [...staticClosure(outputs, file)].every((dep) => initial.has(dep) || outputs[dep].bytes <= maxChunkBytes);
  for (const [file, count] of users) {
    if (count >= share * screens.length && onlySmall(file)) modules.push(...Object.keys(outputs[file].inputs));
  }
  return modules.filter((input) => !input.includes(':')).sort();
}

// biome-ignore lint/suspicious/noTemplateCurlyInString: this string is browser source code; its template literal runs in the page
const PRELOAD_HELPER = 'function __saathiModulePreload(urls){for(const url of urls){if(document.head.querySelector(`link[href="${url}"]`))continue;const link=document.createElement("link");link.rel="modulepreload";link.href=url;document.head.appendChild(link)}}';

/**
 * A lazy screen's chunk imports further chunks, which the browser only discovers once the screen's chunk has
 * arrived: one more round trip per screen. Each `import("<chunk>")` in the output is rewritten to first add
 * <link rel="modulepreload"> for everything that chunk needs beyond the initial files, so all of it is fetched
 * at once (what Vite does with its preload helper). Names keep their hashes: a dependency's new hash changes
 * the chunk that imports it, and so the import site.
 */
function preloadLazyDependencies(outputs, initial, toUrl) {
  const depsByUrl = new Map();
  for (const file of Object.keys(outputs)) {
    if (!file.endsWith('.js')) continue;
    const deps = [...staticClosure(outputs, file)].filter((dep) => dep !== file && !initial.has(dep)).map(toUrl);
    if (deps.length > 0) depsByUrl.set(toUrl(file), deps);
  }
  for (const file of Object.keys(outputs)) {
    if (!file.endsWith('.js')) continue;
    const absolute = path.join(root, file);
    const code = fs.readFileSync(absolute, 'utf8');
    let rewritten = false;
    const next = code.replace(/\bimport\("([^"]+\.js)"\)/g, (call, url) => {
      const deps = depsByUrl.get(url);
      if (!deps) return call;
      rewritten = true;
      return `(__saathiModulePreload(${JSON.stringify(deps)}),${call})`;
    });
    if (rewritten) fs.writeFileSync(absolute, `${PRELOAD_HELPER}\n${next}`);
  }
}

/**
 * The lazily loaded screen of each member-app route, read from the route definitions (`path: 'x'` or
 * `memberRoute('x')` with `lazyRouteComponent(() => import('…'))` in one createRoute block), so the server can
 * put <link rel="modulepreload"> for the requested screen into the page: its code downloads alongside the
 * initial bundle instead of after it has run.
 */
function routeScreens(routeFiles) {
  const screens = {};
  for (const file of routeFiles) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const block of text.split('createRoute(').slice(1)) {
      const route = /\bpath:\s*'([^']+)'/.exec(block)?.[1] ?? /memberRoute\('([^']+)'\)/.exec(block)?.[1];
      const target = /lazyRouteComponent\(\s*\(\)\s*=>\s*import\('([^']+)'\)/.exec(block)?.[1];
      if (!route || !target || route === '/') continue;
      const source = path.relative(root, path.resolve(path.dirname(path.join(root, file)), target));
      const withExt = ['.tsx', '.ts'].map((ext) => source + ext).find((f) => fs.existsSync(path.join(root, f)));
      if (withExt) screens[`/${route.replace(/^\//, '')}`] = withExt.split(path.sep).join('/');
    }
  }
  return screens;
}

function routePreloads(outputs, initial, toUrl, screens) {
  // Lazy screens are entry points of the chunking plugin's namespace ("lazy-screen:/abs/path.tsx").
  const sourceOf = (entryPoint) => {
    const bare = entryPoint.replace(/^[a-z-]+:/, '');
    return (path.isAbsolute(bare) ? path.relative(root, bare) : bare).split(path.sep).join('/');
  };
  const byEntry = new Map(Object.keys(outputs).filter((f) => f.endsWith('.js') && outputs[f].entryPoint).map((f) => [sourceOf(outputs[f].entryPoint), f]));
  const out = {};
  for (const [route, source] of Object.entries(screens)) {
    const chunk = byEntry.get(source);
    if (!chunk) continue;
    out[route] = [...staticClosure(outputs, chunk)].filter((f) => !initial.has(f)).map(toUrl);
  }
  return out;
}

/**
 * What the member app's page shows before its JavaScript has run: the header with the brand and a spinner
 * (the same markup and classes React renders, replaced by the first render).
 */
const ENGLISH = JSON.parse(fs.readFileSync(path.join(root, 'contracts/i18n/catalogues/en.json'), 'utf8'));
const MEMBER_SHELL = [
  '<div class="app-frame"><header class="app-header"><div class="app-header__start">',
  `<a href="/" class="brand" aria-label="${ENGLISH['app.brandHome']}"><span class="brand__mark" aria-hidden="true">`,
  '<svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">',
  '<path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"/>',
  '</svg></span><span class="brand__name">Saathi</span></a></div></header>',
  `<main class="app-main" id="main"><noscript><p>${ENGLISH['app.noscript']}</p></noscript>`,
  '<div class="full-page-spinner" role="status">',
  '<svg class="spinner" width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">',
  `<path d="M21 12a9 9 0 1 1-6.219-8.56"/></svg><span class="visually-hidden">${ENGLISH['app.loading']}</span></div></main></div>`,
].join('');

/**
 * Brotli (quality 11) and gzip (level 9) copies of every text asset beside it, made once here instead of per
 * request: the server sends `x.js.br` to a browser that accepts br (all current ones do), `x.js.gz` to one that
 * accepts only gzip. Brotli at its highest quality is 15–20% smaller than the gzip the server made on the fly.
 */
async function precompress(dir) {
  const files = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.(js|css|svg)$/.test(f));
  await Promise.all(files.map(async (file) => {
    const full = path.join(dir, file);
    const data = await fs.promises.readFile(full);
    if (data.length < 1024) return;
    const br = zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
    });
    await fs.promises.writeFile(`${full}.br`, br);
    await fs.promises.writeFile(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
  }));
}

async function buildApp({
  name, entry, outDir, publicPath, title, description, sharedRoot, shell, fetches = [], routeFiles = null, visitorScreens = [], memberHome = null, installable = false, catalogues = false,
}) {
  const options = {
    entryPoints: { main: path.join(root, entry) },
    outdir: path.join(outDir, 'assets'),
    publicPath,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome110', 'safari16', 'firefox115'],
    // SAATHI_MINIFY=0 keeps names readable in a CPU profile of the app's start (never in a build that is served).
    minify: process.env.SAATHI_MINIFY !== '0',
    sourcemap: false,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file' },
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  };
  const extra = catalogues ? [catalogueAst()] : [];
  let plugins = extra;
  if (sharedRoot) {
    // A first build (not written) shows which modules the lazy screens share.
    const probe = await esbuild.build({ ...options, write: false, plugins: [...extra, lazyChunking(sharedRoot, entry)] });
    const isVisitorScreen = (file) => visitorScreens.some((dir) => file.startsWith(path.join(root, dir)));
    const visitorCommon = commonLazyModules(probe.metafile, entry, 0, isVisitorScreen);
    const common = commonLazyModules(probe.metafile, entry, LAZY_COMMON_SHARE, (file) => !isVisitorScreen(file)).filter((file) => !visitorCommon.includes(file));
    plugins = [...extra, lazyChunking(sharedRoot, entry, { common, visitorCommon, isVisitorScreen })];
  }
  const result = await esbuild.build({ ...options, plugins });
  // SAATHI_METAFILE=1 keeps esbuild's account of every output's inputs and sizes (e.g. for esbuild's analyzer).
  if (process.env.SAATHI_METAFILE) fs.writeFileSync(path.join(outDir, 'metafile.json'), JSON.stringify(result.metafile));
  const outputs = result.metafile.outputs;
  const entryFile = Object.keys(outputs).find((file) => outputs[file].entryPoint === entry && file.endsWith('.js'));
  if (!entryFile) throw new Error(`${name}: no entry output`);
  const toUrl = (file) => publicPath + path.relative(path.join(outDir, 'assets'), path.join(root, file)).split(path.sep).join('/');
  const cssFile = outputs[entryFile].cssBundle;
  // Initial JS = the entry, its app start and everything they import statically (other dynamic imports load on demand).
  const initial = initialFiles(outputs, entryFile, Boolean(sharedRoot));
  if (sharedRoot) preloadLazyDependencies(outputs, initial, toUrl);
  if (routeFiles) {
    // "/" is the landing page (initial code) for a visitor; the server sends its entry, the member's dashboard,
    // only to a browser with a session.
    const screens = { ...routeScreens(routeFiles), ...(memberHome ? { '/': memberHome } : {}) };
    const preloads = routePreloads(outputs, initial, toUrl, screens);
    fs.writeFileSync(path.join(outDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
  }
  // Language → its catalogue's chunk, for the server to fetch it with the page (app/start.tsx waits for it).
  const chunks = {};
  const fonts = {};
  if (catalogues) {
    for (const [file, output] of Object.entries(outputs)) {
      for (const input of Object.keys(output.inputs)) {
        const code = CATALOGUE_FILE.test(input) && /([a-z-]+)\.json$/.exec(input)?.[1];
        if (code && !initial.has(file)) chunks[code] = toUrl(file);
      }
    }
    fs.writeFileSync(path.join(outDir, 'catalogue-chunks.json'), `${JSON.stringify(chunks, null, 1)}\n`);
    // @fontsource package → its faces' files, for the server to preload a language's faces with its pages
    // (contracts/i18n/languages.ts names each language's package): text painted before a face arrives is laid out
    // again in it, and the page moves.
    for (const [file, output] of Object.entries(outputs)) {
      for (const input of Object.keys(output.inputs)) {
        const font = /@fontsource[\\/]([a-z0-9-]+)[\\/]files[\\/][^\\/]+\.woff2$/.exec(input)?.[1];
        if (font) (fonts[font] ??= []).push(toUrl(file));
      }
    }
    fs.writeFileSync(path.join(outDir, 'font-files.json'), `${JSON.stringify(fonts, null, 1)}\n`);
  }
  fs.writeFileSync(
    path.join(outDir, 'index.html'),
    htmlPage({
      title, description, base: publicPath.replace(/assets\/$/, ''), scripts: [toUrl(entryFile)], styles: cssFile ? [toUrl(cssFile)] : [],
      preloads: [...initial].filter((file) => file !== entryFile).map(toUrl),
      fetches,
      shell,
      installable,
    }),
  );
  if (installable) {
    // The service worker precaches the first screen's files (entry, stylesheet, its static imports).
    const shellUrls = [...initial].map(toUrl);
    if (cssFile) shellUrls.push(toUrl(cssFile));
    // English, which every language's catalogue falls back on (the others are cached once fetched).
    if (chunks.en) shellUrls.push(chunks.en);
    await buildPwa({ root, outDir, shellUrls, fonts: catalogues ? fonts : {}, name: 'Saathi', shortName: 'Saathi', description });
  }
  fs.writeFileSync(path.join(outDir, 'favicon.svg'), FAVICON);
  await precompress(path.join(outDir, 'assets'));
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
    // The English page: the server writes the member's language into it (server/static-html.ts, inLanguage).
    title: `${ENGLISH['app.brand']} — ${ENGLISH['app.tagline']}`,
    description: ENGLISH['app.description'],
    // The app's start, not only its root component: its start-up stages must land in the one chunk with the libraries.
    sharedRoot: 'member-ui/app/start.tsx',
    shell: MEMBER_SHELL,
    fetches: ['/api/auth/user'],
    routeFiles: ['member-ui/app/routing/public-routes.ts', 'member-ui/app/routing/protected-routes.ts'],
    // Sign-in, registration and the other token pages: what a visitor lands on besides the landing page.
    visitorScreens: ['member-ui/features/auth/routes/'],
    memberHome: 'member-ui/features/home/components/member-home.tsx',
    installable: true,
    catalogues: true,
  }),
  buildApp({
    name: 'ops console',
    entry: 'ops-ui/main.tsx',
    outDir: path.join(dist, 'ops'),
    publicPath: '/ops/assets/',
    title: 'Saathi Ops',
    description: 'Saathi reviewers’ console',
    // The console is English; its contracts' schemas take only their own messages from the catalogue.
    catalogues: true,
  }),
]);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const app of [member, ops]) console.log(`${app.name}: initial JS ${kb(app.initialGzip)} gzipped, ${app.chunks} JS files`);
console.log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
if (member.initialGzip > MEMBER_INITIAL_JS_BUDGET) {
  console.error(`member app initial JS ${kb(member.initialGzip)} exceeds the ${kb(MEMBER_INITIAL_JS_BUDGET)} budget`);
  process.exit(1);
}
