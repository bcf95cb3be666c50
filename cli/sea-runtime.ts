// Runtime support for the single executable (dist/saathi, built by scripts/build-binary.mjs).
//
// The executable carries, as SEA assets, the two built apps (member/, ops/) and the native packages that cannot
// live inside a JavaScript bundle (better-sqlite3, sqlite3, sharp with its libvips). On first use they are
// unpacked once into a cache folder named after the content hash; later runs reuse it. Unpacking writes into
// a temporary folder and renames it into place, so a crash or two concurrent first runs never leave a half
// folder behind.
//
// The bundle's `import 'sharp'` (and knex's `require('better-sqlite3')`) are rewritten at build time into
// calls to nativeRequire(), which loads the package from the cache with a real CommonJS require (inside a
// SEA, the plain `require` only loads Node's built-in modules).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import * as seaModule from 'node:sea';
import { pathToFileURL } from 'node:url';

export const MANIFEST_ASSET = 'saathi/manifest.json';

export interface SeaManifest {
  version: string;
  /** sha256 over every asset's name and content: names the cache folder */
  hash: string;
  files: { name: string; mode: number; size: number }[];
}

type SeaApi = typeof seaModule;

function sea(): SeaApi | null {
  return seaModule.isSea() ? seaModule : null;
}

/** True when running as the single executable. */
export function isSingleExecutable(): boolean {
  return sea() !== null;
}

/** Candidate parents of the cache folder, best first. */
function cacheBases(): string[] {
  const bases: string[] = [];
  if (process.env.SAATHI_CACHE_DIR) bases.push(path.resolve(process.env.SAATHI_CACHE_DIR));
  if (process.env.XDG_CACHE_HOME) bases.push(path.join(process.env.XDG_CACHE_HOME, 'saathi'));
  const home = os.homedir();
  if (home) bases.push(path.join(home, '.cache', 'saathi'));
  const uid = typeof process.getuid === 'function' ? process.getuid() : 'user';
  bases.push(path.join(os.tmpdir(), `saathi-cache-${uid}`));
  return bases;
}

function isComplete(dir: string, manifest: SeaManifest): boolean {
  try {
    if (fs.readFileSync(path.join(dir, '.saathi-complete'), 'utf8') !== manifest.hash) return false;
    // A cleaner may have removed files from an old cache folder: check they are all still there.
    return manifest.files.every((file) => fs.statSync(path.join(dir, file.name)).size === file.size);
  } catch {
    return false;
  }
}

function writeAll(api: SeaApi, manifest: SeaManifest, into: string): void {
  const made = new Set<string>();
  for (const file of manifest.files) {
    const target = path.join(into, file.name);
    const parent = path.dirname(target);
    if (!made.has(parent)) {
      fs.mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    fs.writeFileSync(target, new Uint8Array(api.getRawAsset(file.name)), { mode: file.mode });
  }
  fs.writeFileSync(path.join(into, '.saathi-complete'), manifest.hash);
}

/** Temporary folders left by a run killed while unpacking (an hour old: no live run is still writing them). */
function removeAbandoned(base: string): void {
  try {
    for (const entry of fs.readdirSync(base)) {
      if (!/^\..+\.tmp-|\.stale-\d+-\d+$/.test(entry)) continue;
      const full = path.join(base, entry);
      if (Date.now() - fs.statSync(full).mtimeMs > 3600_000) fs.rmSync(full, { recursive: true, force: true });
    }
  } catch {
    /* best effort */
  }
}

function extractInto(api: SeaApi, manifest: SeaManifest, base: string): string {
  const name = `${manifest.version}-${manifest.hash.slice(0, 16)}`;
  const dir = path.join(base, name);
  if (isComplete(dir, manifest)) return dir;

  const started = performance.now();
  fs.mkdirSync(base, { recursive: true });
  removeAbandoned(base);
  const tmp = fs.mkdtempSync(path.join(base, `.${name}.tmp-`));
  try {
    writeAll(api, manifest, tmp);
    try {
      fs.renameSync(tmp, dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      // Another run finished first (use its folder), or a damaged folder is in the way (move it aside).
      if (!isComplete(dir, manifest)) {
        const stale = `${dir}.stale-${process.pid}-${Date.now()}`;
        fs.renameSync(dir, stale);
        fs.renameSync(tmp, dir);
        fs.rmSync(stale, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  process.stderr.write(`Saathi: unpacked the apps and native addons into ${dir} (first run, ${seconds} s)\n`);
  return dir;
}

let extracted: string | null = null;

/** The unpacked folder (member/, ops/, node_modules/), unpacking on first use. */
export function extractedRoot(): string {
  if (extracted) return extracted;
  const api = sea();
  if (!api) throw new Error('Not running as the Saathi single executable');
  const manifest = JSON.parse(api.getAsset(MANIFEST_ASSET, 'utf8')) as SeaManifest;
  const failures: string[] = [];
  for (const base of cacheBases()) {
    try {
      extracted = extractInto(api, manifest, base);
      return extracted;
    } catch (error) {
      failures.push(`${base}: ${(error as Error).message}`);
    }
  }
  throw new Error(`Could not unpack Saathi's native addons (set SAATHI_CACHE_DIR to a writable folder):\n  ${failures.join('\n  ')}`);
}

let cacheRequire: NodeJS.Require | null = null;

/** require() for the packages unpacked from the executable (native addons and their JavaScript). */
export function nativeRequire(id: string): unknown {
  cacheRequire ??= createRequire(path.join(extractedRoot(), 'saathi.cjs'));
  return cacheRequire(id);
}

/**
 * The bundle's import.meta.url, defined at build time as globalThis.__saathiBundleUrl: a file in the unpacked
 * folder, so server/static.ts finds member/ and ops/ beside "the bundle" exactly as it does next to
 * dist/saathi.mjs.
 */
Object.defineProperty(globalThis, '__saathiBundleUrl', {
  configurable: true,
  get: () => pathToFileURL(path.join(extractedRoot(), 'saathi.cjs')).href,
});
