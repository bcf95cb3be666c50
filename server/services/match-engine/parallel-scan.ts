import fs from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { type Db, createDb } from '../../db';
import { type Column, Packer, Unpacker } from './columns-file';
import { type IdRange, scanKeyBounds } from './line-pages';
import { scanMembers } from './loader';
import { memberLinesCurrent } from './member-lines';
import { type IndexSnapshot, MemberIndex } from './member-index';
import { TextIndex, type TextSnapshot } from './text-index';
import { TextLog } from './text-log';

/**
 * The start-up build's reading of every member, on both cores when there are many: this thread reads and
 * indexes the lower part (MAIN_SHARE) of the scan's keys (profile ids on SQLite, user ids on PostgreSQL) while a worker
 * thread, with a connection of its own, does the rest; the worker's index comes back as typed arrays
 * (moved, not copied) and is appended to this one (`MemberIndex.absorb`), which gives the same index as reading
 * everything in order on one thread. At a million
 * members one thread spent about 5.5 s in the driver alone (better-sqlite3 turning 30 values a row into
 * JavaScript) and 5 s indexing the rows, so no single-thread change could bring the build under 5 s.
 *
 * Each half is read in its own transaction (on PostgreSQL, its own snapshot): what is committed between them
 * reaches the index through the change feed, which is followed from before the build, as for any change made
 * while one thread reads. If the worker cannot start or fails, its half is read on this thread.
 */

/** Below this many profiles one thread reads everything (starting a worker costs a few hundred milliseconds). */
export const SPLIT_AT = 200_000;

const ROLE = 'saathi-match-engine-scan';

/** The most room a build's index starts with, whatever the keys span (ids left by many deleted rows). */
const MAX_START_CAPACITY = 4_000_000;

/**
 * The share of the scan's keys this thread reads: a little more than half, since the worker starts about 0.3 s
 * later (at a million members each half takes 4.5 s) and the appending and clustering can only start when both
 * parts are in.
 */
const MAIN_SHARE = 0.52;

/** How a worker opens the same database: the SQLite file or the PostgreSQL address. */
type Source = { client: 'better-sqlite3'; filename: string } | { client: 'pg'; url: string };

/** A worker's job: half of the start-up scan, or the text index of a build that deferred it (see TextLog). */
type Job =
  | { role: typeof ROLE; kind: 'scan'; source: Source; range: IdRange; stored: boolean; capacity: number; deferText: boolean }
  | { role: typeof ROLE; kind: 'text'; bytes: Uint8Array; ends: Int32Array; order: Int32Array };

type Reply =
  | { header: IndexSnapshot; columns: Column[]; texts: { bytes: Uint8Array; ends: Int32Array } | null }
  | { text: TextSnapshot; columns: Column[] }
  | { error: string };

/** The database as a second connection can open it; null when it cannot be (SQLite in memory, the sqlite3 driver). */
function sourceOf(db: Db): Source | null {
  const { client, connection } = db.client.config as { client: string; connection: unknown };
  if (client === 'pg') {
    if (typeof connection === 'string') return { client, url: connection };
    // knex keeps a URL as its parts (the password not enumerable); a connection with more than these (TLS
    // options, a socket) is read on one thread rather than half-copied.
    const parts = connection as Record<string, unknown> | undefined;
    const names = parts ? Object.getOwnPropertyNames(parts) : [];
    if (!parts || !names.every((n) => ['user', 'password', 'host', 'port', 'database'].includes(n))) return null;
    const text = (n: string) => encodeURIComponent(String(parts[n] ?? ''));
    const auth = parts.user ? `${text('user')}${parts.password ? `:${text('password')}` : ''}@` : '';
    return { client, url: `postgres://${auth}${text('host')}${parts.port ? `:${text('port')}` : ''}/${text('database')}` };
  }
  const filename = (connection as { filename?: string } | undefined)?.filename;
  if (client !== 'better-sqlite3' || !filename || filename === ':memory:' || filename.startsWith('file:')) return null;
  return { client, filename };
}

/** Whether a worker can open this database (the start-up build of a large one is then split). */
export const splittable = (db: Db): boolean => sourceOf(db) !== null;

/**
 * Every live member read into a new (unclustered) index, on two threads when the scan's keys span `splitAt` or more.
 * The span of the keys (two index lookups) stands for the number of profiles: counting the live ones took 60-90 ms
 * at a million, and the build's index only needs room to start with (its store grows when full).
 */
export async function scanIndex(
  db: Db,
  options: { splitAt?: number; deferTextAt?: number; log?: (entry: Record<string, unknown>) => void } = {},
): Promise<MemberIndex> {
  const splitAt = options.splitAt ?? SPLIT_AT;
  // The lines as the database stores them, when they are this build's (member-lines.ts); built as read otherwise.
  const stored = await memberLinesCurrent(db);
  if (!stored) options.log?.({ level: 'warn', msg: "match engine: the database's member lines are missing or not this build's (run saathi migrate); building each member's line as it is read" });
  const bounds = await scanKeyBounds(db, stored);
  const span = bounds ? bounds.max - bounds.min + 1 : 0;
  const capacity = Math.min(span, MAX_START_CAPACITY) + 64;
  // A large build defers its text index (see TextLog): the engine answers a few seconds sooner.
  const deferText = span >= (options.deferTextAt ?? DEFER_TEXT_AT);
  // The single executable's CommonJS bundle cannot start a worker on this module (it has no URL there).
  const source = typeof import.meta.url === 'string' ? sourceOf(db) : null;
  if (!source || !bounds || span < splitAt) {
    const index = MemberIndex.forBuild(capacity, deferText);
    await scanMembers(db, index.dicts, (values) => index.put(values, 0), { stored });
    return index;
  }
  const mid = Math.floor(bounds.min + (bounds.max - bounds.min) * MAIN_SHARE);
  const upper: IdRange = { after: mid, upTo: Number.POSITIVE_INFINITY };
  const worker = runWorker({ role: ROLE, kind: 'scan', source, range: upper, stored, capacity: Math.ceil(capacity * (1 - MAIN_SHARE) * 1.1), deferText });
  const index = MemberIndex.forBuild(capacity, deferText);
  await scanMembers(db, index.dicts, (values) => index.put(values, 0), { range: { after: 0, upTo: mid }, stored });
  const reply = await worker;
  if ('error' in reply || !('header' in reply)) {
    // The worker could not do its half (it could not start or open the database): read it here.
    options.log?.({ level: 'warn', msg: 'match engine: the scan worker failed; reading its half on this thread', err: 'error' in reply ? reply.error : 'no half' });
    await scanMembers(db, index.dicts, (values) => index.put(values, 0), { range: upper, stored });
    return index;
  }
  const half = MemberIndex.fromSnapshot(reply.header, new Unpacker(reply.columns), { forAbsorb: true });
  if (reply.texts) half.texts.log = TextLog.of(reply.texts);
  index.absorb(half);
  return index;
}

/** From this many profiles (the span of the scan's keys) on, a build defers its text index: see TextLog. */
export const DEFER_TEXT_AT = SPLIT_AT;

/**
 * The text index of a build that deferred it (MemberTexts.pendingTexts), built on a worker thread, so that this
 * one keeps answering; on this thread, twenty thousand texts at a time, when no worker can start.
 */
export async function buildDeferredText(texts: { log: TextLog; order: Int32Array }, log?: (entry: Record<string, unknown>) => void): Promise<TextIndex> {
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve));
  if (typeof import.meta.url !== 'string') return texts.log.buildIndex(texts.order, pause);
  // Copies (a worker's data is cloned): the log keeps answering text searches here until the index is in.
  const { bytes, ends } = texts.log.parts();
  const reply = await runWorker({ role: ROLE, kind: 'text', bytes, ends, order: texts.order });
  if ('text' in reply) return TextIndex.fromSnapshot(reply.text, new Unpacker(reply.columns));
  log?.({ level: 'warn', msg: 'match engine: the text worker failed; building the text index on this thread', err: 'error' in reply ? reply.error : 'no index' });
  return texts.log.buildIndex(texts.order, pause);
}

/**
 * Starts a worker on this module and waits for its half. Under tsx (tests, the bench, development) the worker
 * registers tsx before loading this TypeScript file; in the server's bundle this module is the bundle itself,
 * whose entry runs the command line only on the main thread.
 */
function runWorker(job: Job): Promise<Reply> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (reply: Reply) => {
      if (settled) return;
      settled = true;
      resolve(reply);
    };
    let worker: Worker;
    try {
      // The single executable's bundle is CommonJS, where this module has no URL: its half is then read here.
      const self = import.meta.url;
      if (typeof self !== 'string') throw new Error('this build cannot start a worker on its own module');
      const code = self.endsWith('.ts')
        ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(self)}); })`
        : `import(${JSON.stringify(workerBundle(self))})`;
      worker = new Worker(code, { eval: true, workerData: job });
    } catch (error) {
      settle({ error: String(error) });
      return;
    }
    worker.once('message', (reply: Reply) => settle(reply));
    worker.once('error', (error) => settle({ error: String(error) }));
    worker.once('exit', (code) => settle({ error: `the scan worker exited (${code}) without its half` }));
  });
}

/**
 * In the server's bundle: the build's bundle of this module alone, beside it (it starts in a fifth of a second, the
 * whole server's bundle in half a second), or the server's bundle itself when it is not there.
 */
function workerBundle(self: string): string {
  const own = new URL(SCAN_WORKER, self);
  return self.endsWith(`/${SCAN_WORKER}`) || !fs.existsSync(own) ? self : own.href;
}

/** The scan worker's bundle, as build.mjs names it. */
const SCAN_WORKER = 'saathi-scan-worker.mjs';

/**
 * In the worker: reads its half into an index and sends it back as a snapshot's header and arrays (and its texts,
 * when the build defers its text index), or builds a deferred text index.
 */
async function workerMain(job: Job): Promise<void> {
  const port = parentPort;
  if (!port) return;
  if (job.kind === 'text') {
    try {
      const text = await TextLog.of(job).buildIndex(job.order);
      const packer = new Packer();
      const header = text.toSnapshot(packer);
      port.postMessage({ text: header, columns: packer.columns } satisfies Reply, [...new Set(packer.columns.map((c) => c.buffer as ArrayBuffer))]);
    } catch (error) {
      port.postMessage({ error: String((error as Error).stack ?? error) } satisfies Reply);
    }
    return;
  }
  const { source } = job;
  const db =
    source.client === 'pg'
      ? createDb({ dataDir: '', databaseUrl: source.url, dbClient: 'pg' })
      : createDb({ dataDir: '', databaseUrl: null, dbClient: 'better-sqlite3' }, source.filename);
  try {
    const index = MemberIndex.forBuild(job.capacity, job.deferText);
    await scanMembers(db, index.dicts, (values) => index.put(values, 0), { range: job.range, stored: job.stored });
    const packer = new Packer();
    const header = index.toSnapshot(packer);
    const texts = index.texts.log?.parts() ?? null;
    const buffers = [...new Set([...packer.columns, ...(texts ? [texts.bytes, texts.ends] : [])].map((c) => c.buffer as ArrayBuffer))];
    port.postMessage({ header, columns: packer.columns, texts } satisfies Reply, buffers);
  } catch (error) {
    port.postMessage({ error: String((error as Error).stack ?? error) } satisfies Reply);
  } finally {
    await db.destroy();
  }
}

if (!isMainThread && (workerData as Job | undefined)?.role === ROLE) void workerMain(workerData as Job);
