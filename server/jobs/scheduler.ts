import crypto from 'node:crypto';
import { raw } from 'objection';
import type { AppServices } from '../context';
import type { Db } from '../db';
import { Job } from '../models/delivery';

/**
 * Periodic work, run once across every process on the database. Each job has a row in `jobs`; a process runs a
 * job only after claiming it with one conditional UPDATE (due, and nobody's lease alive), which exactly one
 * process wins on SQLite and on PostgreSQL alike. The lease outlives the longest run; a process that dies
 * mid-run leaves a lease that simply expires. Register a job with `defineJob` in its own module and add it to
 * `server/jobs/index.ts`.
 */
export interface JobContext {
  db: Db;
  log: (entry: Record<string, unknown>) => void;
  now: number;
  /** the process's match engine and card memory, for a job marked `usesEngine` (null for the others) */
  services?: JobServices | null;
}

/**
 * What a job ranking members works with: the serving process's own engine and card memory (`saathi serve` passes
 * its app's; `saathi jobs run` builds them for such a job), so a job answers exactly as the routes do.
 */
export type JobServices = Pick<AppServices, 'engine' | 'cards'>;

interface JobBase {
  name: string;
  /** longest a run may take before another process may take over */
  leaseMs?: number;
  /** one line for `saathi jobs` */
  description: string;
  /** it ranks members: it is given the match engine (JobContext.services) */
  usesEngine?: boolean;
  /** does the work; the returned text is kept as the run's result */
  run(ctx: JobContext): Promise<string>;
}

/** A job runs either every so often, or once a day at a UTC time ("HH:MM"), e.g. a morning digest. */
export type JobDefinition = JobBase & ({ everyMs: number; dailyAt?: never } | { dailyAt: string; everyMs?: never });

const DAY_MS = 86_400_000;

/** The UTC time of day of a `dailyAt` job, in ms after midnight; a malformed time is a programming error. */
function dailyOffset(dailyAt: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(dailyAt);
  if (!m) throw new Error(`dailyAt must be "HH:MM" (UTC, 00:00–23:59), got "${dailyAt}"`);
  return (Number(m[1]) * 60 + Number(m[2])) * 60_000;
}

export const defineJob = (job: JobDefinition): JobDefinition => {
  if (job.dailyAt !== undefined) dailyOffset(job.dailyAt);
  else if (!(job.everyMs > 0)) throw new Error(`Job ${job.name}: everyMs must be positive`);
  return job;
};

/** When the job is next due after a run that ended at `t`. */
export function nextRunAfter(job: JobDefinition, t: number): number {
  if (job.dailyAt === undefined) return t + job.everyMs;
  const offset = dailyOffset(job.dailyAt);
  const today = t - (t % DAY_MS) + offset;
  return today > t ? today : today + DAY_MS;
}

/** How `saathi jobs` shows the schedule. */
export function scheduleText(job: Pick<JobDefinition, 'everyMs' | 'dailyAt'>): string {
  if (job.dailyAt !== undefined) return `daily at ${job.dailyAt} UTC`;
  const ms = job.everyMs ?? 0;
  return ms % 3_600_000 === 0 ? `every ${ms / 3_600_000} h` : `every ${Math.round(ms / 60_000)} min`;
}

export interface JobStatus {
  name: string;
  description: string;
  everyMs: number | null;
  dailyAt: string | null;
  nextRunAt: number | null;
  lastStartedAt: number | null;
  lastFinishedAt: number | null;
  lastDurationMs: number | null;
  lastResult: string | null;
  runs: number;
  failures: number;
  running: boolean;
}


export class JobScheduler {
  private readonly owner = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobDefinition[],
    private readonly log: (entry: Record<string, unknown>) => void = () => {},
    private readonly services: JobServices | null = null,
  ) {}

  /** Makes sure every job has its row (a new interval job first runs within a minute; a daily one at its time). */
  async ensureRows(now = Date.now()): Promise<void> {
    for (const job of this.jobs) {
      const first = job.dailyAt === undefined ? now + Math.min(job.everyMs, 60_000) : nextRunAfter(job, now);
      await Job.query(this.db).insert({ name: job.name, nextRunAt: first, runs: 0, failures: 0 }).onConflict('name').ignore();
    }
  }

  /** Checks for due jobs every `tickMs` until stopped. */
  async start(tickMs = 15_000): Promise<void> {
    await this.ensureRows();
    this.stopped = false;
    this.timer = setInterval(() => {
      this.ticking ??= this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => this.log({ level: 'warn', msg: 'jobs: tick failed', err: String(error) }))
        .finally(() => {
          this.ticking = null;
        });
    }, tickMs);
    this.timer.unref();
  }

  /** Stops checking and waits for a run in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** Runs every job that is due and that this process wins; returns the names it ran. */
  async runDue(now = Date.now()): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs) {
      if (this.stopped) break;
      if (await this.claim(job, now, false)) {
        await this.execute(job, now);
        ran.push(job.name);
      }
    }
    return ran;
  }

  /** Runs one job now, due or not (unless another process is running it); false when it was busy. */
  async runNow(name: string): Promise<{ ran: boolean; result: string | null }> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) throw new Error(`No job named ${name}. Jobs: ${this.jobs.map((j) => j.name).join(', ')}`);
    await this.ensureRows();
    const now = Date.now();
    if (!(await this.claim(job, now, true))) return { ran: false, result: null };
    return { ran: true, result: await this.execute(job, now) };
  }

  /** One conditional UPDATE: only one process can move an expired lease to itself. */
  private async claim(job: JobDefinition, now: number, force: boolean): Promise<boolean> {
    const q = Job.query(this.db)
      .where('name', job.name)
      .where((w) => w.whereNull('leaseUntil').orWhere('leaseUntil', '<', now));
    if (!force) q.where('nextRunAt', '<=', now);
    const updated = await q.patch({ leaseOwner: this.owner, leaseUntil: now + (job.leaseMs ?? 10 * 60_000), lastStartedAt: now });
    return updated === 1;
  }

  /** Runs a claimed job; the next run is after both its end and the instant it was claimed for. */
  private async execute(job: JobDefinition, claimedAt: number): Promise<string> {
    const started = Date.now();
    let result: string;
    let failed = false;
    try {
      if (job.usesEngine && !this.services) throw new Error('it needs the match engine: run it from saathi serve or saathi jobs run');
      result = await job.run({ db: this.db, log: this.log, now: started, services: job.usesEngine ? this.services : null });
      this.log({ level: 'info', msg: 'job done', job: job.name, result, ms: Date.now() - started });
    } catch (error) {
      failed = true;
      result = `failed: ${(error as Error).message}`.slice(0, 500);
      this.log({ level: 'error', msg: 'job failed', job: job.name, err: String(error) });
    }
    const finished = Date.now();
    await Job.query(this.db)
      .where({ name: job.name, leaseOwner: this.owner })
      .patch({
        leaseOwner: null,
        leaseUntil: null,
        // After the claimed instant too: another process checking at that instant must not find it due again.
        nextRunAt: nextRunAfter(job, Math.max(finished, claimedAt)),
        lastFinishedAt: finished,
        lastDurationMs: finished - started,
        lastResult: result,
        runs: raw('runs + 1'),
        failures: raw(failed ? 'failures + 1' : 'failures'),
      });
    return result;
  }

  async status(now = Date.now()): Promise<JobStatus[]> {
    await this.ensureRows(now);
    const rows = new Map((await Job.query(this.db)).map((r) => [r.name, r]));
    return this.jobs.map((job) => {
      const r = rows.get(job.name);
      return {
        name: job.name,
        description: job.description,
        everyMs: job.everyMs ?? null,
        dailyAt: job.dailyAt ?? null,
        nextRunAt: r?.nextRunAt ?? null,
        lastStartedAt: r?.lastStartedAt ?? null,
        lastFinishedAt: r?.lastFinishedAt ?? null,
        lastDurationMs: r?.lastDurationMs ?? null,
        lastResult: r?.lastResult ?? null,
        runs: r?.runs ?? 0,
        failures: r?.failures ?? 0,
        running: (r?.leaseUntil ?? 0) > now,
      };
    });
  }
}
