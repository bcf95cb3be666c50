import type { Db } from '../../db';

/**
 * Per member, which change the feed last reported for them: a cache's read that began before a change to the
 * member is not kept (`of` before the read differs from `of` after it). Bounded: past `max` members the map is
 * emptied and every member's version moves to the latest one, so a read in flight across that is not kept either.
 */
export class ChangeVersions {
  private readonly versions = new Map<number, number>();
  /** one more for every change reported */
  private clock = 0;
  /** the version of a member not in the map: the clock when the map was last emptied */
  private floor = 0;

  constructor(private readonly max: number) {}

  of(userId: number): number {
    return this.versions.get(userId) ?? this.floor;
  }

  changed(userId: number): void {
    this.versions.set(userId, ++this.clock);
    if (this.versions.size > this.max) this.clear();
  }

  clear(): void {
    this.versions.clear();
    this.floor = ++this.clock;
  }
}

/** What the engine's per-member caches share: the database they read, their bounds, their members' versions. */
export abstract class MemberCache {
  protected readonly versions: ChangeVersions;

  constructor(
    protected readonly db: Db,
    /** the most members kept (least recently used out first) */
    protected readonly max = 20_000,
    /** how long a member's entry is kept at most */
    protected readonly ttlMs = 10 * 60_000,
  ) {
    this.versions = new ChangeVersions(max * 2);
  }
}
