import { CHANGE_LOG_KEPT_MS } from '../services/match-engine/change-feed';
import { defineJob } from './scheduler';

const DAY_MS = 86_400_000;
/** How long handled things are kept after they stop mattering. */
export const RETENTION = {
  /** used or expired single-use tokens: a few days, for support questions about a link */
  tokensMs: 7 * DAY_MS,
  /** share links past their expiry stay visible in the ops audit for a while */
  shareLinksMs: 90 * DAY_MS,
  /** sent or handled outbox mail */
  outboxMs: 30 * DAY_MS,
  /** delivered or given-up pushes (kept a little, to answer "did my phone get it?") */
  pushOutboxMs: 7 * DAY_MS,
  /** rate-limit windows (the longest window is an hour) */
  rateLimitsMs: DAY_MS,
  /** the match engine's change log (engines read it every half second; a snapshot checks it at start-up) */
  engineChangesMs: CHANGE_LOG_KEPT_MS,
  /** live events the CLI and jobs relay to a SQLite server's streams (it reads them within a second) */
  liveEventsMs: 60 * 60_000,
} as const;

/** Everything expired, deleted: sessions, limiter windows, tokens, old share links, handled outbox mail. */
export const cleanupJob = defineJob({
  name: 'cleanup',
  everyMs: 60 * 60_000,
  description: 'deletes expired sessions, rate-limit windows, reset/confirmation/appeal tokens, long-expired share links, old sent mail and pushes',
  async run({ db, now }) {
    const counts: Record<string, number> = {};
    const count = async (name: string, deleted: Promise<number>) => {
      counts[name] = Number(await deleted);
    };
    // Bulk deletes by age, raw knex on purpose: each is one statement however many rows have expired (some tables
    // have no model: engine_changes, live_events), and only the number deleted is read back.
    await count('sessions', db('sessions').where('expiresAt', '<', now).delete());
    await count('rateLimits', db('rate_limits').where('windowStart', '<', now - RETENTION.rateLimitsMs).delete());
    for (const table of ['password_reset_tokens', 'email_confirmation_tokens', 'appeal_tokens']) {
      await count(
        table,
        db(table)
          .where((w) => w.where('expiresAt', '<', now - RETENTION.tokensMs).orWhere('usedAt', '<', now - RETENTION.tokensMs))
          .delete(),
      );
    }
    await count('shareLinks', db('profile_shares').where('expiresAt', '<', now - RETENTION.shareLinksMs).delete());
    await count(
      'outbox',
      db('email_outbox')
        .where((w) => w.where('sentAt', '<', now - RETENTION.outboxMs).orWhere('handledAt', '<', now - RETENTION.outboxMs))
        .delete(),
    );
    await count(
      'pushOutbox',
      db('push_outbox')
        .where((w) => w.where('sentAt', '<', now - RETENTION.pushOutboxMs).orWhere('failedAt', '<', now - RETENTION.pushOutboxMs))
        .delete(),
    );
    await count('engineChanges', db('engine_changes').where('createdAt', '<', now - RETENTION.engineChangesMs).delete());
    await count('liveEvents', db('live_events').where('createdAt', '<', now - RETENTION.liveEventsMs).delete());
    return Object.entries(counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  },
});
