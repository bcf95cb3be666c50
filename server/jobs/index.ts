import type { Config } from '../config';
import type { Db } from '../db';
import { loadSessionKeys } from '../keys';
import { billingRenewalsJob } from './billing-renewals';
import { cleanupJob } from './cleanup';
import { emailDeliveryJob } from './email-delivery';
import { emailDigestsJob } from './email-digests';
import { notificationEmailsJob } from './notification-emails';
import { pushDeliveryJob } from './push-delivery';
import { savedSearchAlertsJob } from './saved-search-alerts';
import { JobScheduler, type JobDefinition, type JobServices } from './scheduler';

/** Every periodic job of the product, in one list (the scheduler, `saathi jobs` and the tests read it). */
export function productJobs(config: Config): JobDefinition[] {
  const keys = loadSessionKeys(config);
  return [cleanupJob, notificationEmailsJob(config, keys), emailDigestsJob(config, keys), billingRenewalsJob(config), emailDeliveryJob(config), pushDeliveryJob(config), savedSearchAlertsJob(config, keys)];
}

/** `services`: the process's match engine and card memory, for the jobs that rank members (saved-search alerts). */
export function jobScheduler(db: Db, config: Config, log?: (entry: Record<string, unknown>) => void, services: JobServices | null = null): JobScheduler {
  return new JobScheduler(db, productJobs(config), log, services);
}
