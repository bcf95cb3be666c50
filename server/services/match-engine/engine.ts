import type { Db } from '../../db';
import { isPostgres } from '../../db';
import type { LiveEvents } from '../live-events';
import { dayString } from './ages';
import { type ChangeFeed, type Changes, LogFeed, NotifyFeed } from './change-feed';
import { CursorError, Cursors } from './cursor';
import { type SearchFilters, filterTables, gunaTable } from './filters';
import { gunaBetween as gunaOf } from './kundali-table';
import { loadMembers } from './loader';
import { MemberIndex } from './member-index';
import type { TextIndex } from './text-index';
import { buildDeferredText, scanIndex } from './parallel-scan';
import { Passes, rankedOf } from './passes';
import { MoodSignalsCache } from './mood-signals';
import { type Relations, RelationsCache } from './relations';
import { R_ALLOWED, R_EXCLUDED, R_NOT_INTERESTED, R_LIKED, R_SELF } from './scan-plan';
import { type ScoreTables, Scorer, packedScore, percentOfPacked } from './scorer';
import { type SnapshotKey, encodeSnapshot, readSnapshot, snapshotFileOf, snapshotKey, writeSnapshot } from './snapshot';
import { F_VERIFIED } from './store';
import { EngineInputError, type EngineStats, type Ranked, type SearchPage, type Viewer } from './types';

/** How long after members change the snapshot is written again (after a crash, the log since is read instead). */
const SNAPSHOT_AFTER_MS = 10 * 60_000;

/**
 * The match engine: every list of members (search, daily and featured matches, who liked you) ranked over all
 * eligible members by the documented score. docs/match-engine.md describes the design and what it costs.
 */
export class MatchEngine {
  private index = new MemberIndex();
  private scorer = new Scorer(this.index.dicts);
  private readonly feed: ChangeFeed;
  private readonly relations: RelationsCache;
  private readonly moodSignals: MoodSignalsCache;
  private readonly cursors: Cursors;
  private building: Promise<void> | null = null;
  private readonly passes = new Passes();
  private requested = 0;
  private completed = 0;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stats_: EngineStats = { members: 0, positions: 0, vocabulary: 0, columnBytes: 0, textBytes: 0, buildMs: 0, textMs: null, builtAt: null, restored: false };
  /** the text index of the last build, when it deferred it: in once this settles */
  private textBuilt: Promise<void> = Promise.resolve();
  private readonly deferTextAt: number | undefined;
  private readonly textGate: Promise<unknown> | undefined;
  /**
   * The index on disk (snapshot.ts), null where none is kept: `snapshot: false`, SQLite in memory, PostgreSQL
   * without a data directory, or after a write the file system refused.
   */
  private snapshotFile: string | null;
  private snapshotKey_: SnapshotKey | null = null;
  /** a snapshot is owed: after a full build, or asked for by flush() */
  private snapshotWanted = false;
  /** members changed since the last snapshot (ms since 1970 of the first change), null when none */
  private changedSinceSnapshot: number | null = null;
  private writingSnapshot: Promise<void> | null = null;
  /** told which members changed (null: possibly all, after a build), once the index holds the change */
  private readonly memberListeners = new Set<(userIds: number[] | null) => void>();

  constructor(
    private readonly db: Db,
    live: LiveEvents,
    secrets: string[],
    private readonly log: (entry: Record<string, unknown>) => void = () => {},
    /**
     * `dataDir`: where a PostgreSQL engine keeps its snapshot; `snapshot: false` keeps none; `deferTextAt`: from how
     * many profiles on a build defers its text index and place counts (parallel-scan.ts); `textGate`: what such a build
     * deferred is made only once this settles (tests look at searches before it is in)
     */
    options: { snapshot?: boolean; dataDir?: string; deferTextAt?: number; textGate?: Promise<unknown> } = {},
  ) {
    this.deferTextAt = options.deferTextAt;
    this.textGate = options.textGate;
    this.feed = isPostgres(db) ? new NotifyFeed(db, live) : new LogFeed(db);
    this.relations = new RelationsCache(db);
    this.moodSignals = new MoodSignalsCache(db);
    this.cursors = new Cursors(secrets);
    this.snapshotFile = options.snapshot === false ? null : snapshotFileOf(db, options.dataDir ?? null);
  }

  /** Builds the index (once) and follows the change feed from then on. */
  start(): Promise<void> {
    this.building ??= this.build().catch((error: unknown) => {
      this.building = null;
      throw error;
    });
    return this.building;
  }

  private async build(): Promise<void> {
    const started = performance.now();
    const first = !this.following;
    if (first) {
      await this.feed.start(this.onGap);
      this.following = true;
    }
    // Only the first build may start from the snapshot: a later one answers a rebuild request the snapshot predates.
    const restored = first ? await this.restore() : null;
    const index = restored ?? (await this.scan());
    this.index = index;
    this.scorer = new Scorer(index.dicts);
    this.relations.clear();
    this.moodSignals.clear();
    for (const listener of this.memberListeners) listener(null);
    if (!restored) this.snapshotWanted = true;
    const buildMs = performance.now() - started;
    this.stats_ = { ...this.measure(), buildMs, textMs: null, builtAt: Date.now(), restored: Boolean(restored) };
    const { columnBytes, textBytes } = this.stats_;
    this.log({
      level: 'info', msg: restored ? 'match engine loaded its snapshot' : 'match engine built', members: index.liveCount, ms: Math.round(buildMs),
      columnBytes, textBytes, bytesPerMember: index.liveCount ? Math.round((columnBytes + textBytes) / index.liveCount) : 0,
      ...(index.texts.pending ? { text: 'deferred' } : {}),
    });
    if (index.texts.pending) this.buildText(index, started);
    this.follow();
  }

  /**
   * The place counts and text index of a build that deferred them (see TextLog), made in the background: totals
   * are counted by sweeping and text searches read the build's texts until they are in. The snapshot owed since
   * the build is written then.
   */
  private buildText(index: MemberIndex, started: number): void {
    const texts = index.texts.pendingTexts();
    this.textBuilt = (async () => {
      await this.textGate;
      // The place counts first, on this thread, once the requests that waited for the build have been answered.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.index === index) index.settlePlaces();
      if (!texts) return;
      let text: TextIndex;
      try {
        text = await buildDeferredText(texts, this.log);
      } catch (error) {
        // Text searches keep reading the build's texts: slower, but the same answers.
        this.log({ level: 'warn', msg: 'match engine: could not build its text index', err: String(error) });
        return;
      }
      // A build that began meanwhile has its own.
      if (this.index !== index) return;
      index.texts.land(text);
      const textMs = performance.now() - started;
      this.stats_ = { ...this.stats_, textMs };
      this.log({ level: 'info', msg: 'match engine: its text index is in', ms: Math.round(textMs), vocabulary: text.vocabulary });
      // The snapshot owed since the build (a failure here is the sync's own, logged as the timer's would be).
      await this.sync().catch((error: unknown) => this.log({ level: 'warn', msg: 'match engine: sync failed', err: String(error) }));
    })();
  }

  /** Settles once the text index of the last build is in (at once when the build did not defer it). */
  async textReady(): Promise<void> {
    await this.start();
    await this.textBuilt;
  }

  /** Every live member read from the database into a new index. */
  private async scan(): Promise<MemberIndex> {
    return (await scanIndex(this.db, { log: this.log, deferTextAt: this.deferTextAt })).clustered();
  }

  /** The index from the snapshot, if there is one this database's log still vouches for (the feed then resumes there). */
  private async restore(): Promise<MemberIndex | null> {
    if (!this.snapshotFile) return null;
    try {
      this.snapshotKey_ ??= await snapshotKey(this.db);
      const snapshot = await readSnapshot(this.snapshotFile, this.snapshotKey_);
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

  /**
   * Writes a snapshot when one is owed: after a full build, when asked (flush), or ten minutes after members
   * changed. Runs inside apply(), so the index does not change while it is copied; the file is written after.
   */
  private async saveSnapshot(): Promise<void> {
    const due = this.snapshotWanted || (this.changedSinceSnapshot !== null && Date.now() - this.changedSinceSnapshot > SNAPSHOT_AFTER_MS);
    // A build's deferred text index is part of the snapshot: it is written once that is in (see buildText).
    if (!due || !this.snapshotFile || this.writingSnapshot || this.index.texts.pending) return;
    const file = this.snapshotFile;
    this.snapshotWanted = false;
    this.changedSinceSnapshot = null;
    try {
      this.snapshotKey_ ??= await snapshotKey(this.db);
      const checkpoint = await this.feed.checkpoint();
      if (!checkpoint) return;
      // What the checkpoint saw must be in the index before it is copied (on PostgreSQL: the changes committed
      // before it, whose notifications its barrier has brought in). A rebuild asked for meanwhile: its own follows.
      if (!(await this.applyChanges(await this.feed.take()))) return;
      const bytes = encodeSnapshot(this.index, this.snapshotKey_, checkpoint);
      this.writingSnapshot = writeSnapshot(file, bytes)
        .catch((error: unknown) => {
          this.log({ level: 'warn', msg: 'match engine: could not write its snapshot; restarts will read every member', err: String(error) });
          this.snapshotFile = null;
        })
        .finally(() => {
          this.writingSnapshot = null;
        });
    } catch (error) {
      // A database refusing writes (the marker row) keeps working without snapshots.
      this.log({ level: 'warn', msg: 'match engine: could not mark a snapshot in the change log', err: String(error) });
      this.snapshotFile = null;
    }
  }

  /**
   * Brings the index up to date (after a start from the snapshot: with the changes made meanwhile) and writes its
   * snapshot if it is owed or members changed since the last one (at start-up, and before the process stops).
   */
  async flush(): Promise<void> {
    if (!this.building) return;
    await this.sync();
    if (!this.snapshotFile) return;
    await this.writingSnapshot;
    if (this.changedSinceSnapshot !== null) this.snapshotWanted = true;
    if (!this.snapshotWanted) return;
    await this.sync();
    await this.writingSnapshot;
  }

  /**
   * Changes made by other processes (or the CLI) are picked up even when nobody searches. A method of its own: a
   * closure made inside build() would keep build's scope, and with it the unclustered index, alive.
   */
  private follow(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.sync().catch((error: unknown) => this.log({ level: 'warn', msg: 'match engine: sync failed', err: String(error) }));
    }, 500);
    this.timer.unref();
  }

  private pendingRebuild = false;
  private following = false;
  /** Made here, not in build(): the feed keeps it, and a closure made in build() would keep build's index too. */
  private readonly onGap = () => {
    this.pendingRebuild = true;
  };

  private measure(): Omit<EngineStats, 'buildMs' | 'textMs' | 'builtAt' | 'restored'> {
    const i = this.index;
    return { members: i.liveCount, positions: i.store.size, vocabulary: i.texts.index.vocabulary, columnBytes: i.store.bytes() + i.groups.bytes(), textBytes: i.texts.bytes() };
  }

  stats(): EngineStats {
    return { ...this.stats_, ...this.measure() };
  }

  /**
   * Follows member changes as the change feed brings them (a profile, its owner, privacy, photos or family consent
   * changed; null: anything may have, after a build), for what other parts keep of members in memory.
   */
  onMembersChanged(listener: (userIds: number[] | null) => void): void {
    this.memberListeners.add(listener);
  }

  /**
   * A member's relations (blocks either way, matches, likes…) as the engine's lists use them, brought up to date
   * first unless the caller has just had an answer from the engine (`synced`).
   */
  async relationsOf(userId: number, options: { synced?: boolean } = {}): Promise<Relations> {
    if (!options.synced) await this.sync();
    return this.relations.get(userId);
  }

  /**
   * Members' mood signals (MoodSignalsCache), as of the engine's last answer: the caller has just had one, so the
   * changes committed before its request are in.
   */
  moodSignalsOf(userIds: number[], now = Date.now()): ReturnType<MoodSignalsCache['get']> {
    return this.moodSignals.get(userIds, now);
  }

  /** A write went through this process: the next answer includes it (PostgreSQL waits for its notification). */
  localWrite(): void {
    this.feed.localWrite();
  }

  /** Brings the index up to date with every change committed before the call. */
  async sync(): Promise<void> {
    await this.start();
    const ticket = ++this.requested;
    while (this.completed < ticket) {
      if (!this.running) {
        const upTo = this.requested;
        this.running = this.apply().then(
          () => {
            this.completed = Math.max(this.completed, upTo);
            this.running = null;
          },
          (error: unknown) => {
            this.running = null;
            throw error;
          },
        );
      }
      await this.running;
    }
  }

  private async apply(): Promise<void> {
    if (await this.applyChanges(await this.feed.take())) await this.saveSnapshot();
  }

  /** The changes into the index; false when they asked for a rebuild (done instead). */
  private async applyChanges(changes: Changes): Promise<boolean> {
    if (changes.rebuild || this.pendingRebuild) {
      this.pendingRebuild = false;
      this.building = null;
      await this.start();
      return false;
    }
    for (const [a, b] of changes.relations) {
      this.relations.invalidate(a);
      this.relations.invalidate(b);
      // A member's moods and assessments come as a relation with nobody (0).
      this.moodSignals.invalidate(a);
      this.moodSignals.invalidate(b);
    }
    if (changes.members.size > 0) {
      const ids = [...changes.members];
      await this.applyMembers(ids);
      for (const listener of this.memberListeners) listener(ids);
      this.changedSinceSnapshot ??= Date.now();
    }
    return true;
  }

  private async applyMembers(ids: number[]): Promise<void> {
    // Read for this index's dictionaries: the index is only replaced by a rebuild, which runs in the same chain of
    // applied changes as this (applyChanges), never while this awaits.
    const index = this.index;
    const rows = await loadMembers(this.db, ids, index.dicts);
    const now = Date.now();
    const present = new Set<number>();
    for (const row of rows) {
      index.put(row, now);
      present.add(row.userId);
    }
    for (const id of ids) if (!present.has(id)) index.remove(id);
  }

  /**
   * A page of search results, best match first, with the total. `digest` identifies the search (its filters) for
   * the cursor; `allowedUsers`, when given, keeps only those members (the mood-match filter).
   */
  async search(viewer: Viewer, filters: SearchFilters, options: { cursor?: string; limit: number; digest: string; allowedUsers?: Set<number> | null }): Promise<SearchPage> {
    await this.sync();
    const relations = await this.relations.get(viewer.id);
    let state = null;
    if (options.cursor) {
      try {
        state = this.cursors.decode(viewer.id, options.digest, options.cursor);
      } catch (error) {
        if (error instanceof CursorError) throw new EngineInputError(error.message, 400);
        throw error;
      }
    }
    const now = Date.now();
    const day = state?.day ?? dayString(new Date());
    const index = this.index;
    const vp = index.positionOf(viewer.id);
    // Pages after the first keep the first page's order: a viewer whose own profile changed, appeared or went
    // since (a negative score in the cursor: no profile then) starts again.
    const ownChanged = vp === -1 ? state !== null && state.score >= 0 : state !== null && (state.score < 0 || index.store.changedAt[vp] > state.startedAt);
    if (ownChanged) {
      throw new EngineInputError('Your profile changed since this search began, so its order did too: start the search again.', 409);
    }
    if (filters.minGuna !== undefined && index.moonOf(vp) === 255) {
      throw new EngineInputError('A minimum guna score needs your birth details (date, time and place, or your rashi and nakshatra) in your profile.', 422);
    }
    const tables = filterTables(index.dicts, filters);
    const ageFiltered = filters.minAge !== undefined || filters.maxAge !== undefined;
    const pass = this.passes.prepare(index, this.scorer, viewer, relations, day, {
      ...tables,
      // Only the gender the viewer looks for can be listed, so only its members' hits are gathered.
      hits: filters.tokens.length ? index.textHits(filters.tokens, vp === -1 ? null : index.spansOf(index.store.lookingFor[vp])) : null,
      minAge: filters.minAge ?? 0,
      maxAge: ageFiltered ? Math.min(254, filters.maxAge ?? 254) : 255,
      needPhoto: filters.hasPhoto === true,
      minActiveHour: filters.activeWithinDays ? Math.floor(Date.now() / 3_600_000) - filters.activeWithinDays * 24 : 0,
      astroOk: filters.minGuna !== undefined ? gunaTable(index.moonOf(vp), index.roleOf(vp), filters.minGuna) : null,
      requireAllowed: Boolean(options.allowedUsers),
      after: state ? { score: state.score, profileId: state.profileId } : null,
      changedBefore: state ? state.startedAt : Number.POSITIVE_INFINITY,
      k: options.limit + 1,
    });
    if (options.allowedUsers) this.passes.mark(pass, options.allowedUsers, R_ALLOWED);
    const result = this.passes.run(pass);
    const more = result.positions.length > options.limit;
    const positions = result.positions.slice(0, options.limit);
    const scores = result.scores.slice(0, options.limit);
    let nextCursor: string | null = null;
    if (more) {
      const last = positions.length - 1;
      nextCursor = this.cursors.encode(viewer.id, options.digest, {
        score: scores[last],
        profileId: index.store.profileId[positions[last]],
        startedAt: state?.startedAt ?? now,
        day,
      });
    }
    return { results: rankedOf(index, positions, scores), total: result.total, nextCursor };
  }

  /**
   * The viewer's best candidates over the whole pool for daily or featured matches: not liked, not marked "not
   * interested", not in `excludeUsers` (shown on earlier days). Featured needs a photo and ranks by the score plus
   * the boost (verified +5, elite +10) while showing the score itself.
   */
  async best(viewer: Viewer, options: { k: number; excludeUsers: number[]; featured: boolean }): Promise<Ranked[]> {
    await this.sync();
    const relations = await this.relations.get(viewer.id);
    const s = this.index.store;
    const nowSeconds = Math.floor(Date.now() / 1000);
    const pass = this.passes.prepare(this.index, this.scorer, viewer, relations, dayString(new Date()), {
      skipBits: R_SELF | R_NOT_INTERESTED | R_LIKED | R_EXCLUDED,
      needPhoto: options.featured,
      bonus: options.featured ? (p: number) => ((s.flags[p] & F_VERIFIED) !== 0 ? 5 : 0) + (s.eliteUntil[p] > nowSeconds ? 10 : 0) : null,
      maxBonus: options.featured ? 15 : 0,
      countTotal: false,
      k: options.k,
    });
    this.passes.mark(pass, options.excludeUsers, R_EXCLUDED);
    const result = this.passes.run(pass);
    return rankedOf(pass.index, result.positions, result.scores);
  }

  /** The viewer's match percentage with each of these members (null: no profile on either side). */
  async scores(viewer: Viewer, userIds: number[]): Promise<Map<number, number | null>> {
    await this.sync();
    const index = this.index;
    const s = index.store;
    const out = new Map<number, number | null>();
    const vp = index.positionOf(viewer.id);
    if (vp === -1) {
      for (const id of userIds) out.set(id, null);
      return out;
    }
    const ages = this.passes.agesFor(dayString(new Date()));
    const t = this.passes.viewerTables(index, this.scorer, ages, vp) as ScoreTables;
    for (const id of userIds) {
      const p = index.positionOf(id);
      if (p === -1) {
        out.set(id, null);
        continue;
      }
      out.set(id, percentOfPacked(packedScore(t, s, p, ages.ageOf(s.dob[p]), index.roleOf(p))));
    }
    return out;
  }

  /** The guna total the engine uses for two members (null when either has no Moon or no profile). */
  async gunaBetween(a: number, b: number): Promise<number | null> {
    await this.sync();
    const pa = this.index.positionOf(a);
    const pb = this.index.positionOf(b);
    if (pa === -1 || pb === -1) return null;
    return gunaOf(this.index.moonOf(pa), this.index.roleOf(pa), this.index.moonOf(pb), this.index.roleOf(pb));
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.feed.close();
  }
}
