// npm run build:binary — dist/saathi, a Node single executable application (SEA) holding the whole product:
// the server and CLI (one CommonJS bundle of cli/sea-main.ts), both built apps, and the native packages
// (better-sqlite3, sqlite3, sharp + libvips) as SEA assets that cli/sea-runtime.ts unpacks on first run.
// Migrations, reference data and the demo seed (including portrait generation) are TypeScript, so they are in
// the bundle. Usage: node scripts/build-binary.mjs [--no-app-build]  (SAATHI_DIST as for build.mjs)
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.SAATHI_DIST || 'dist');
const stage = path.join(dist, 'sea');
const output = path.join(dist, 'saathi');
const nodeModules = path.join(root, 'node_modules');
const started = performance.now();
const step = (label, since) => console.log(`  ${label} (${((performance.now() - since) / 1000).toFixed(1)} s)`);
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 12)) throw new Error(`The single executable needs Node >= 20.12 (SEA assets); this is ${process.version}`);

/** Packages loaded at run time from the unpacked cache instead of the bundle (native addons + their JS). */
const NATIVE_ENTRY_POINTS = ['better-sqlite3', 'sqlite3', 'sharp', '@node-rs/argon2'];
/** Everything those need at run time: checked against their package.json dependencies below. */
const UNPACKED_PACKAGES = [
  'better-sqlite3', 'bindings', 'file-uri-to-path',
  'sqlite3',
  'sharp', '@img/colour', 'detect-libc', 'semver',
  // Argon2id password hashing: a loader that requires the addon of this platform from its own package.
  '@node-rs/argon2',
  ...fs.readdirSync(path.join(nodeModules, '@node-rs')).filter((name) => name.startsWith('argon2-')).map((name) => `@node-rs/${name}`),
  ...fs.readdirSync(path.join(nodeModules, '@img')).filter((name) => name.startsWith('sharp-')).map((name) => `@img/${name}`),
];
/** Dependencies used only to install or compile the addons, never loaded at run time. */
const INSTALL_ONLY = new Set(['prebuild-install', 'node-addon-api', 'tar', 'node-gyp']);
/** Drivers knex can load but Saathi does not use, and build tools: left out (a require of one fails clearly). */
const EXTERNALS = [
  'pg-native', 'pg-query-stream', 'mysql', 'mysql2', 'oracledb', 'tedious', 'mariadb', 'mariadb/*', 'lightningcss',
  'esbuild', 'playwright-core', 'fsevents',
];
const SKIP_DIRS = new Set(['deps', 'src', 'obj', 'obj.target', '.deps', 'test', 'tests', 'docs', 'include', 'install', 'node_modules', '.github']);

// 1. The apps (and the ordinary bundle), unless asked to reuse an existing build.
if (!process.argv.includes('--no-app-build')) {
  const t = performance.now();
  execFileSync(process.execPath, [path.join(root, 'build.mjs')], { stdio: 'inherit', env: process.env });
  step('apps built', t);
}
for (const app of ['member', 'ops']) {
  if (!fs.existsSync(path.join(dist, app, 'index.html'))) throw new Error(`${path.join(dist, app)} is missing: run without --no-app-build`);
}
fs.rmSync(stage, { recursive: true, force: true });
fs.rmSync(output, { force: true });
fs.mkdirSync(stage, { recursive: true });

// 2. One CommonJS bundle of the CLI; native packages become calls into the unpacked cache.
{
  const t = performance.now();
  const runtime = path.join(root, 'cli', 'sea-runtime.ts');
  const nativeFilter = new RegExp(`^(${NATIVE_ENTRY_POINTS.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(/.*)?$`);
  await esbuild.build({
    entryPoints: [path.join(root, 'cli', 'sea-main.ts')],
    outfile: path.join(stage, 'saathi.cjs'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify: true,
    keepNames: true,
    legalComments: 'none',
    external: EXTERNALS,
    define: { 'import.meta.url': 'globalThis.__saathiBundleUrl' },
    plugins: [
      {
        name: 'saathi-native',
        setup(build) {
          build.onResolve({ filter: nativeFilter }, (args) => ({ path: args.path, namespace: 'saathi-native' }));
          build.onLoad({ filter: /.*/, namespace: 'saathi-native' }, (args) => ({
            contents: `module.exports = require(${JSON.stringify(runtime)}).nativeRequire(${JSON.stringify(args.path)});`,
            loader: 'js',
            resolveDir: root,
          }));
        },
      },
    ],
    logLevel: 'warning',
  });
  step(`bundle ${(fs.statSync(path.join(stage, 'saathi.cjs')).size / 1e6).toFixed(1)} MB`, t);
}

// 3. The assets: both apps and the unpacked packages, plus a manifest naming the cache folder by content hash.
const assets = new Map(); // asset name (= path inside the cache folder) -> source file
function addTree(dir, prefix, accept) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const source = path.join(dir, entry.name);
    const name = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) || !accept) addTree(source, name, accept);
    } else if (entry.isFile() && (!accept || accept(name))) {
      assets.set(name, source);
    }
  }
}
addTree(path.join(dist, 'member'), 'member');
addTree(path.join(dist, 'ops'), 'ops');
const runtimeFile = (name) =>
  /\.(c|m)?js$|\.json$|\.so(\.\d+)*$|\/LICEN[CS]E[^/]*$/i.test(name) ||
  (name.endsWith('.node') && !name.endsWith('/test_extension.node'));
for (const name of UNPACKED_PACKAGES) {
  const dir = path.join(nodeModules, name);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  for (const dep of Object.keys(manifest.dependencies ?? {})) {
    if (!UNPACKED_PACKAGES.includes(dep) && !INSTALL_ONLY.has(dep)) throw new Error(`${name} needs ${dep} at run time: add it to UNPACKED_PACKAGES`);
  }
  addTree(dir, `node_modules/${name}`, runtimeFile);
}
// The biodata PDF's typefaces (server/services/biodata/fonts.ts finds them through require.resolve of their package):
// each package's manifest and index.css, and the WOFF files of the weights and scripts the PDF uses.
const BIODATA_FONT = /^files\/noto-sans(-tamil)?-(latin|latin-ext|devanagari|tamil)-(400|700)-normal\.woff$|^package\.json$|^index\.css$|^LICENSE$/;
for (const name of ['@fontsource/noto-sans', '@fontsource/noto-sans-tamil']) {
  const prefix = `node_modules/${name}/`;
  addTree(path.join(nodeModules, name), prefix.slice(0, -1), (asset) => BIODATA_FONT.test(asset.slice(prefix.length)));
}
for (const name of NATIVE_ENTRY_POINTS) {
  // @node-rs/argon2 keeps its addon in a per-platform package beside it (@node-rs/argon2-linux-x64-gnu).
  const addons = [...assets.keys()].filter((a) => (a.startsWith(`node_modules/${name}/`) || a.startsWith(`node_modules/${name}-`)) && a.endsWith('.node'));
  if (!name.startsWith('sharp') && addons.length === 0) throw new Error(`${name}: no compiled addon found (npm rebuild ${name}?)`);
}
if (![...assets.keys()].some((a) => /^node_modules\/@img\/sharp-[^/]+\/lib\/.*\.node$/.test(a))) throw new Error('sharp: no platform package with sharp.node');

const hash = crypto.createHash('sha256');
const files = [];
for (const name of [...assets.keys()].sort()) {
  const source = assets.get(name);
  const stat = fs.statSync(source);
  hash.update(`${name}\0${crypto.createHash('sha256').update(fs.readFileSync(source)).digest('hex')}\0`);
  files.push({ name, mode: stat.mode & 0o755, size: stat.size });
}
const manifest = { version: pkg.version, hash: hash.digest('hex'), files };
fs.writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest));
const assetBytes = files.reduce((sum, f) => sum + f.size, 0);
console.log(`  ${files.length} assets, ${(assetBytes / 1e6).toFixed(1)} MB (cache folder ${manifest.version}-${manifest.hash.slice(0, 16)})`);

// 4. The SEA blob, injected into a copy of this Node binary.
{
  const t = performance.now();
  const config = {
    main: path.join(stage, 'saathi.cjs'),
    output: path.join(stage, 'sea-prep.blob'),
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    useCodeCache: true,
    assets: { 'saathi/manifest.json': path.join(stage, 'manifest.json'), ...Object.fromEntries(assets) },
  };
  fs.writeFileSync(path.join(stage, 'sea-config.json'), `${JSON.stringify(config, null, 2)}\n`);
  execFileSync(process.execPath, ['--experimental-sea-config', path.join(stage, 'sea-config.json')], { stdio: 'pipe' });
  step(`SEA blob ${(fs.statSync(config.output).size / 1e6).toFixed(1)} MB`, t);

  const t2 = performance.now();
  const tmp = `${output}.tmp`;
  fs.copyFileSync(process.execPath, tmp);
  fs.chmodSync(tmp, 0o755);
  // Node's own symbol table and debug info are of no use to the product (~13 MB); the dynamic symbols that
  // native addons link against stay. Without binutils' strip the binary is just larger.
  try {
    execFileSync('strip', ['--strip-all', tmp], { stdio: 'ignore' });
  } catch {
    console.log('  (strip not available: Node binary left unstripped)');
  }
  const injected = spawnSync(process.execPath, [path.join(nodeModules, 'postject', 'dist', 'cli.js'), tmp, 'NODE_SEA_BLOB', config.output,
    '--sentinel-fuse', 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2'], { encoding: 'utf8' });
  // LIEF warns once per ELF note section it cannot name; harmless, and the smoke test below runs the result.
  const noise = /^warning: Can't find string offset for section name '\.note[^']*'$/;
  const messages = `${injected.stdout}${injected.stderr}`.replace(/\x1b\[[0-9;]*m/g, '').split('\n')
    .map((line) => line.trim()).filter((line) => line && !noise.test(line));
  if (injected.status !== 0) throw new Error(`postject failed (${injected.status}):\n${messages.join('\n')}`);
  for (const line of messages) if (!/^(Start injection|Injection done|💉)/.test(line)) console.log(`  postject: ${line}`);
  fs.renameSync(tmp, output);
  step('blob injected', t2);
}

// 5. Smoke test: the executable starts and reports the version.
// It unpacks into the stage folder, not the user's cache (each build has its own content hash).
const version = execFileSync(output, ['--version'], {
  encoding: 'utf8',
  env: { ...process.env, NODE_PATH: '', SAATHI_CACHE_DIR: path.join(stage, 'cache') },
  stdio: ['ignore', 'pipe', 'ignore'],
}).trim();
if (version !== pkg.version) throw new Error(`dist/saathi --version printed "${version}", expected ${pkg.version}`);
const shown = output.startsWith(root + path.sep) ? path.relative(root, output) : output;
console.log(`built ${shown}: ${(fs.statSync(output).size / 1e6).toFixed(1)} MB, Node ${process.version}, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
