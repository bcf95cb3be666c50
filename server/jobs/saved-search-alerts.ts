import type { Config } from '../config';
import { sendSavedSearchAlerts } from '../services/saved-searches/alerts';
import { defineJob } from './scheduler';

/** The daily alerts of saved searches, looked for every 15 minutes like the digest (the same 9:00 local rule). */
export function savedSearchAlertsJob(config: Config, keys: string[]) {
  const origin = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  return defineJob({
    name: 'saved-search-alerts',
    everyMs: 15 * 60_000,
    // A 9:00 with many members due can run long; a process taking over meanwhile finds them claimed, never twice.
    leaseMs: 60 * 60_000,
    usesEngine: true,
    description: "emails and pushes the members new to each saved search, at about 9:00 in each member's time zone",
    async run({ db, now, services, log }) {
      if (!services) throw new Error('saved-search alerts need the match engine');
      const { members, emails, pushes } = await sendSavedSearchAlerts({ db, services, config, keys, origin, now, log });
      return `alerts: ${emails} emails, ${pushes} pushes (${members} members looked at)`;
    },
  });
}
