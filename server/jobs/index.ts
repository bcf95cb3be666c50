import type { Db } from '../db';
import { cleanupJob } from './cleanup';
import { JobScheduler, type JobDefinition } from './scheduler';

/** Every periodic job of the product, in one list (the scheduler, `saathi jobs` and the tests read it). */
export const JOBS: JobDefinition[] = [cleanupJob];

export function jobScheduler(db: Db, log?: (entry: Record<string, unknown>) => void): JobScheduler {
  return new JobScheduler(db, JOBS, log);
}
