import type { Db } from '../../db';
import { isPostgres } from '../../db';
import type { LiveEvents } from '../live-events';
import { type ChangeFeed, type Changes, LogFeed, NotifyFeed } from './change-feed';
import { CoalescedRuns } from './coalesced-runs';
import { Cursors } from './cursor';
import type { SearchFilters } from './filters';
import { reloadMembers } from './loader';
import { MemberIndex } from './member-index';
import type { TextIndex } from './text-index';
import { buildDeferredText, scanIndex } from './parallel-scan';
import { Passes } from './passes';
import { MoodSignalsCache } from './mood-signals';
import { type Relations, RelationsCache } from './relations';
import { type QueryState, bestCandidates, gunaWith, scoresWith, searchPage } from './queries';
import { Scorer } from './scorer';
import { snapshotFileOf } from './snapshot';
import { SnapshotKeeper } from './snapshot-keeper';
import type { EngineStats, Ranked, SearchPage, Viewer } from './types';

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
  /** the change feed applied: each sync waits for an application that began after it was asked for */
  private readonly applying = new CoalescedRuns(() => this.apply());
  private timer: NodeJS.Timeout | null = null;
  private stats_: EngineStats = { members: 0, positions: 0, vocabulary: 0, columnBytes: 0, textBytes: 0, buildMs: 0, textMs: null, builtAt: null, restored: false };
  /** the text index of the last build, when it deferred it: in once this settles */
  private textBuilt: Promise<void> = Promise.resolve();
  private readonly deferTextAt: number | undefined;
  private readonly textGate: Promise<unknown> | undefined;
  /** the index on disk: when it is read and written */
  private readonly snapshots: SnapshotKeeper;
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
    this.snapshots = new SnapshotKeeper(db, this.feed, log, options.snapshot === false ? null : snapshotFileOf(db, options.dataDir ?? null));
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
    const restored = first ? await this.snapshots.restore() : null;
    const index = restored ?? (await this.scan());
    this.index = index;
    this.scorer = new Scorer(index.dicts);
    this.relations.clear();
    this.moodSignals.clear();
    for (const listener of this.memberListeners) listener(null);
    if (!restored) this.snapshots.owe();
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

  /**
   * Brings the index up to date (after a start from the snapshot: with the changes made meanwhile) and writes its
   * snapshot if it is owed or members changed since the last one (at start-up, and before the process stops).
   */
  async flush(): Promise<void> {
    if (!this.building) return;
    await this.sync();
    await this.snapshots.flush(() => this.sync());
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
    await this.applying.run();
  }

  private async apply(): Promise<void> {
    if (await this.applyChanges(await this.feed.take())) await this.snapshots.save(() => this.index, async () => this.applyChanges(await this.feed.take()));
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
      // The index is only replaced by a rebuild, which runs in this same chain of applied changes, never meanwhile.
      await reloadMembers(this.db, this.index, ids);
      for (const listener of this.memberListeners) listener(ids);
      this.snapshots.changed();
    }
    return true;
  }

  /**
   * A page of search results, best match first, with the total. `digest` identifies the search (its filters) for
   * the cursor; `allowedUsers`, when given, keeps only those members (the mood-match filter).
   */
  async search(viewer: Viewer, filters: SearchFilters, options: { cursor?: string; limit: number; digest: string; allowedUsers?: Set<number> | null }): Promise<SearchPage> {
    await this.sync();
    const relations = await this.relations.get(viewer.id);
    return searchPage(this.queryState(), this.cursors, viewer, relations, filters, options);
  }

  /**
   * The viewer's best candidates over the whole pool for daily or featured matches: not liked, not marked "not
   * interested", not in `excludeUsers` (shown on earlier days); featured ranks by the score plus a boost.
   */
  async best(viewer: Viewer, options: { k: number; excludeUsers: number[]; featured: boolean }): Promise<Ranked[]> {
    await this.sync();
    const relations = await this.relations.get(viewer.id);
    return bestCandidates(this.queryState(), viewer, relations, options);
  }

  /** The viewer's match percentage with each of these members (null: no profile on either side). */
  async scores(viewer: Viewer, userIds: number[]): Promise<Map<number, number | null>> {
    await this.sync();
    return scoresWith(this.queryState(), viewer, userIds);
  }

  /** What a query reads, as of now (queries.ts). */
  private queryState(): QueryState {
    return { index: this.index, scorer: this.scorer, passes: this.passes };
  }

  /** The guna total the engine uses for two members (null when either has no Moon or no profile). */
  async gunaBetween(a: number, b: number): Promise<number | null> {
    await this.sync();
    return gunaWith(this.index, a, b);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.feed.close();
  }
}
