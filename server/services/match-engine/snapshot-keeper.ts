import type { Db } from '../../db';
import type { ChangeFeed } from './change-feed';
import type { MemberIndex } from './member-index';
import { type SnapshotKey, encodeSnapshot, readSnapshot, snapshotKey, writeSnapshot } from './snapshot';

/** How long after members change the snapshot is written again (after a crash, the log since is read instead). */
const SNAPSHOT_AFTER_MS = 10 * 60_000;

/**
 * When the engine's snapshot (snapshot.ts) is read and written: read at the first build if the change log still
 * vouches for it; written after a full build, ten minutes after members change, and when asked (flush), one
 * write at a time. A file system or database that refuses leaves the engine working without snapshots.
 */
export class SnapshotKeeper {
  private key: SnapshotKey | null = null;
  /** a snapshot is owed: after a full build, or asked for by flush() */
  private wanted = false;
  /** members changed since the last snapshot (ms since 1970 of the first change), null when none */
  private changedSince: number | null = null;
  private writing: Promise<void> | null = null;

  /**
   * `file`: the index on disk (snapshotFileOf), null where none is kept: `snapshot: false`, SQLite in memory,
   * PostgreSQL without a data directory; it becomes null after a write the file system refused.
   */
  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
    private readonly log: (entry: Record<string, unknown>) => void,
    private file: string | null,
  ) {}

  /** The index from the snapshot, if there is one this database's log still vouches for (the feed then resumes there). */
  async restore(): Promise<MemberIndex | null> {
    if (!this.file) return null;
    try {
      this.key ??= await snapshotKey(this.db);
      const snapshot = await readSnapshot(this.file, this.key);
      if (!snapshot) return null;
      if (!(await this.feed.resume(snapshot.checkpoint))) {
        this.log({ level: 'info', msg: 'match engine: the snapshot is older than the change log keeps; reading every member' });
        return null;
      }
      return snapshot.index;
    } catch (error) {
      this.log({ level: 'warn', msg: 'match engine: the snapshot could not be read; reading every member', err: String(error) });
      return null;
    }
  }

  /** A full build: its snapshot is owed. */
  owe(): void {
    this.wanted = true;
  }

  /** Members changed: the snapshot is written again ten minutes after the first change since the last one. */
  changed(): void {
    this.changedSince ??= Date.now();
  }

  /**
   * Writes a snapshot of `index()` when one is owed. Runs inside the engine's apply, so the index does not change
   * while it is copied; the file is written after. `catchUp` applies what the checkpoint saw and is false when
   * that asked for a rebuild (whose own snapshot follows).
   */
  async save(index: () => MemberIndex, catchUp: () => Promise<boolean>): Promise<void> {
    const due = this.wanted || (this.changedSince !== null && Date.now() - this.changedSince > SNAPSHOT_AFTER_MS);
    // A build's deferred text index is part of the snapshot: it is written once that is in (see MatchEngine.buildText).
    if (!due || !this.file || this.writing || index().texts.pending) return;
    const file = this.file;
    this.wanted = false;
    this.changedSince = null;
    try {
      this.key ??= await snapshotKey(this.db);
      const checkpoint = await this.feed.checkpoint();
      if (!checkpoint) return;
      // What the checkpoint saw must be in the index before it is copied (on PostgreSQL: the changes committed
      // before it, whose notifications its barrier has brought in). A rebuild asked for meanwhile: its own follows.
      if (!(await catchUp())) return;
      const bytes = encodeSnapshot(index(), this.key, checkpoint);
      this.writing = writeSnapshot(file, bytes)
        .catch((error: unknown) => {
          this.log({ level: 'warn', msg: 'match engine: could not write its snapshot; restarts will read every member', err: String(error) });
          this.file = null;
        })
        .finally(() => {
          this.writing = null;
        });
    } catch (error) {
      // A database refusing writes (the marker row) keeps working without snapshots.
      this.log({ level: 'warn', msg: 'match engine: could not mark a snapshot in the change log', err: String(error) });
      this.file = null;
    }
  }

  /** After the engine's sync: writes the snapshot if it is owed or members changed since the last one. */
  async flush(sync: () => Promise<void>): Promise<void> {
    if (!this.file) return;
    await this.writing;
    if (this.changedSince !== null) this.wanted = true;
    if (!this.wanted) return;
    await sync();
    await this.writing;
  }
}
