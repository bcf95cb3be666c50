import { type Levels, type MoodSignal, type MoodSignals, moodSignalsOf } from '../moods';
import { MemberCache } from './change-versions';

/**
 * Members' mood signals (their recent public tracker moods and latest assessment, as `moodSignalsOf` reads them)
 * kept between searches. A page of search results for a viewer with signals asked the database for its members'
 * signals every time: 0.16 ms of SQLite's own time a page at 100,000 members, a seventh of the request's CPU.
 *
 * An entry goes when the change feed reports a change to the member's moods or assessments (the triggers of
 * migration 20261125_99 name the member, as for a relation), when the oldest mood it holds stops being recent, and
 * after ten minutes at most. A read that raced a change is not kept (the member's version moved meanwhile).
 */
export class MoodSignalsCache extends MemberCache {
  private readonly entries = new Map<number, { moods: MoodSignal[]; assessment: Levels | null; until: number }>();

  /** The signals of these members at `now`: those kept, and the others read in one statement. */
  async get(userIds: number[], now = Date.now()): Promise<Omit<MoodSignals, 'agesOut'>> {
    const moods = new Map<number, MoodSignal[]>();
    const assessments = new Map<number, Levels>();
    const missing: number[] = [];
    for (const id of new Set(userIds)) {
      const hit = this.entries.get(id);
      if (!hit || hit.until <= now) {
        missing.push(id);
        continue;
      }
      if (hit.moods.length) moods.set(id, hit.moods);
      if (hit.assessment) assessments.set(id, hit.assessment);
    }
    if (missing.length === 0) return { moods, assessments };
    const versions = missing.map((id) => this.versions.of(id));
    const read = await moodSignalsOf(this.db, missing, now);
    for (const [i, id] of missing.entries()) {
      const signals = read.moods.get(id) ?? [];
      const assessment = read.assessments.get(id) ?? null;
      if (signals.length) moods.set(id, signals);
      if (assessment) assessments.set(id, assessment);
      if (this.versions.of(id) !== versions[i]) continue;
      this.entries.delete(id);
      this.entries.set(id, { moods: signals, assessment, until: Math.min(now + this.ttlMs, read.agesOut.get(id) ?? Number.POSITIVE_INFINITY) });
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as number);
    }
    return { moods, assessments };
  }

  invalidate(userId: number): void {
    this.entries.delete(userId);
    this.versions.changed(userId);
  }

  clear(): void {
    this.entries.clear();
    this.versions.clear();
  }
}
