import { ALIASES, CITIES, findCity } from '../../../contracts/gazetteer';
import { CityIds, heightOrNull } from './city-ids';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db';
import { processAlive } from '../process-alive';
import { Packer, decode, encode } from './columns-file';
import { Dictionaries } from './dictionaries';
import { Groups, PositionList } from './groups';
import { placementOf, rashiOfPlacement } from './kundali-table';
import { LOADER_SHAPE } from './loader';
import { type IndexSnapshot, MemberIndex } from './member-index';
import { ageOrNull, dobDays, visibilityCode } from './member-row';
import { IdColumn } from './id-column';
import { Dict, TupleDict } from './interning';
import { MemberStore } from './store';
import { Postings } from './postings';
import { TextIndex } from './text-index';
import { clusterOrder, layOutGroups } from './cluster';
import { MemberTexts } from './member-texts';
import { Vocabulary } from './vocabulary';

/**
 * The index on disk, so a restart does not read every member again (at a million members, about 3 s of reading
 * and interning on two threads; the snapshot loads in under half a second), checked against the change log
 * (change-feed.ts), which tells what changed since it was written: on SQLite by ids (the log is in commit order),
 * on PostgreSQL by transaction (each row carries its transaction's id; the checkpoint records which transactions
 * it saw).
 *
 * - Written after each full build, every ten minutes while members change, and when the server stops, as one
 *   file next to the SQLite database or in the data directory (written aside, then renamed over the old one: a
 *   crash leaves the old file whole).
 * - It records where the log stood (every change before is in the index) and a marker row it adds to the log (a
 *   random nonce): a later start uses it only if that row is still there and the log still holds every change
 *   since, i.e. the same database with its history unbroken. The changes since are then read like any others.
 * - It is keyed by a fingerprint of the code that builds the index and by the migrations applied: another build
 *   or schema starts from the database instead.
 * Anything else (no file, a torn or foreign file, a pruned log, a rebuild requested meanwhile) means a full build,
 * as without a snapshot.
 */

export interface Checkpoint {
  /** SQLite: every change with a log id up to this one is in the index */
  watermark: number;
  /** PostgreSQL: the transactions whose changes are in the index (a pg_snapshot, as text) */
  seen?: string;
  /** the marker row's id, nonce and time */
  mark: number;
  nonce: number;
  createdAt: number;
}

const VERSION = 1;

/** The code whose output the snapshot holds: a snapshot made by other code is not read. */
const CODE = crypto
  .createHash('sha256')
  .update(
    [MemberIndex, MemberStore, IdColumn, Dict, TupleDict, Dictionaries, MemberTexts, TextIndex, Vocabulary, Postings, Groups, clusterOrder, layOutGroups, PositionList, placementOf, dobDays, visibilityCode, ageOrNull]
      .map(String)
      .concat([CityIds, heightOrNull, rashiOfPlacement, findCity].map(String))
      .join('\n'),
  )
  // The city column holds gazetteer ids: another gazetteer is other output.
  .update(JSON.stringify([CITIES, ALIASES]))
  .update(LOADER_SHAPE)
  .digest('hex');

export interface SnapshotKey {
  version: number;
  code: string;
  migrations: string[];
}

/** What a snapshot must match to be read: this build's code and the migrations the database has applied. */
export async function snapshotKey(db: Db): Promise<SnapshotKey> {
  const rows = (await db('knex_migrations').select('name').orderBy('id')) as Array<{ name: string }>;
  return { version: VERSION, code: CODE, migrations: rows.map((r) => r.name) };
}

/**
 * Where the snapshot of this database's index lives: beside an SQLite file; for PostgreSQL in the process's data
 * directory, named after the database; none for an SQLite database in memory.
 */
export function snapshotFileOf(db: Db, dataDir: string | null): string | null {
  if (db.client.config.client === 'pg') {
    if (!dataDir) return null;
    const connection = db.client.config.connection as string | { connectionString?: string; database?: string } | undefined;
    const url = typeof connection === 'string' ? connection : connection?.connectionString;
    const name = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : (connection as { database?: string } | undefined)?.database;
    return path.join(dataDir, `match-index.${String(name || 'postgres').replace(/[^A-Za-z0-9_.-]/g, '_')}.pg`);
  }
  const connection = db.client.config.connection as { filename?: string } | undefined;
  const file = connection?.filename;
  if (!file || file === ':memory:' || file.startsWith('file:')) return null;
  return `${file}.match-index`;
}

interface Header {
  key: SnapshotKey;
  checkpoint: Checkpoint;
  index: IndexSnapshot;
}

/** The snapshot's bytes (the index's arrays copied: the index may change once this returns). */
export function encodeSnapshot(index: MemberIndex, key: SnapshotKey, checkpoint: Checkpoint): Buffer {
  const packer = new Packer();
  const header: Header = { key, checkpoint, index: index.toSnapshot(packer) };
  return encode(header, packer);
}

/** Writes the file aside and renames it over the old one. */
export async function writeSnapshot(file: string, bytes: Buffer): Promise<void> {
  // Unique per write: two engines of one process (tests) must not rename each other's file.
  const aside = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}.tmp`;
  await removeAbandonedAsides(file);
  try {
    await fs.promises.writeFile(aside, bytes);
    await fs.promises.rename(aside, file);
  } catch (error) {
    await fs.promises.rm(aside, { force: true }).catch(() => {});
    throw error;
  }
}

/**
 * Removes what a process that died while writing left beside the snapshot (`<file>.<pid>-<random>.tmp`, as large as the
 * snapshot: 117 MB at a million members). Another live process's file is its write in progress and is kept.
 */
async function removeAbandonedAsides(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-[0-9a-f]+\.tmp$/.exec(name.startsWith(prefix) ? name.slice(prefix.length) : '')?.[1] ?? Number.NaN);
    if (!Number.isInteger(pid) || pid === process.pid || processAlive(pid)) continue;
    await fs.promises.rm(path.join(dir, name), { force: true }).catch(() => {});
  }
}

/** The snapshot in `file` if there is one made by this code for this schema (null otherwise); throws if unreadable. */
export async function readSnapshot(file: string, key: SnapshotKey): Promise<{ index: MemberIndex; checkpoint: Checkpoint } | null> {
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const { header, arrays } = decode(bytes);
  const h = header as Header;
  if (JSON.stringify(h.key) !== JSON.stringify(key)) return null;
  return { index: MemberIndex.fromSnapshot(h.index, arrays()), checkpoint: h.checkpoint };
}
