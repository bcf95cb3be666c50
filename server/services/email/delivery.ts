import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import { raw } from 'objection';
import type { Db } from '../../db';
import { EmailOutbox } from '../../models/ops';
import { User } from '../../models/user';

/**
 * Delivery of the outbox over SMTP. Each attempt first claims its row with one conditional UPDATE (still
 * unsent, and its next attempt due), which moves the next attempt a claim's length ahead: two processes, or the
 * send right after a request and the retry job, never send the same row at the same time. A process that dies
 * mid-send leaves a claim that simply falls due again, so mail is delivered at least once and nothing is lost.
 *
 * What the mail server answered decides what happens next (RFC 5321: 5yz permanent, 4yz transient):
 * - a permanent refusal of the recipient (5xx to RCPT TO): the address bounced; the mail is given up and the
 *   member's address is marked, which stops further mail to it (see `sendMail`) until the member clears it;
 * - any other permanent refusal (e.g. 5xx to the message itself): this mail is given up, the address stays;
 * - a transient refusal (4xx), a connection that failed or timed out, or a refused login (our configuration,
 *   not the member's address): tried again after 1, 2, 4 … minutes (at most 6 hours apart), 10 attempts in all.
 */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 3_600_000;
/** How long one attempt may hold its row: longer than the transport's own timeouts below. */
const CLAIM_MS = 3 * 60_000;

export interface MailPayload {
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** The wait before attempt number `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export type Failure = { kind: 'bounce' | 'permanent' | 'transient'; message: string };

/** How a failed send is treated (see above). */
export function classifyFailure(error: unknown): Failure {
  const e = error as { responseCode?: number; command?: string; code?: string; response?: string; message?: string };
  const message = String(e.response ?? e.message ?? error).slice(0, 300);
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  // 503 is "bad sequence of commands": the session's state, not a refusal of this mail.
  const permanent = code !== null && code >= 500 && code < 600 && code !== 503;
  if (permanent && e.command === 'RCPT TO') return { kind: 'bounce', message };
  if (permanent && e.code !== 'EAUTH' && e.command !== 'AUTH' && !String(e.command ?? '').startsWith('AUTH')) return { kind: 'permanent', message };
  return { kind: 'transient', message };
}

export type DeliveryOutcome = 'sent' | 'retry' | 'bounced' | 'failed' | 'busy';

/** One attempt at one outbox row; 'busy' when it is not due, already sent, or another attempt holds it. */
export async function deliverOutboxMail(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db, id: number, now = Date.now()): Promise<DeliveryOutcome> {
  if (!config.smtpUrl) return 'busy';
  const claimed = await EmailOutbox.query(db)
    .where({ id })
    .whereNull('sentAt')
    .whereNull('failedAt')
    .whereNull('handledAt')
    .whereNotNull('payload')
    .where('nextAttemptAt', '<=', now)
    .patch({ nextAttemptAt: now + CLAIM_MS, attempts: raw('attempts + 1') });
  if (claimed !== 1) return 'busy';
  const row = await EmailOutbox.query(db).findById(id).select('toEmail', 'subject', 'payload', 'attempts');
  if (!row) return 'busy';
  const payload = JSON.parse(String(row.payload)) as MailPayload;
  const to = row.toEmail;
  try {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    await transport.sendMail({ from: config.mailFrom, to, subject: row.subject, text: payload.text, html: payload.html, headers: payload.headers });
    // Delivered: the full copy (it may hold a single-use link) is not kept.
    await EmailOutbox.query(db).findById(id).patch({ sentAt: Date.now(), payload: null, error: null, nextAttemptAt: null });
    return 'sent';
  } catch (error) {
    const failure = classifyFailure(error);
    const { attempts } = row;
    // The attempt's own clock (a job passes its run's instant) if it is ahead of the wall clock.
    const finished = Math.max(now, Date.now());
    if (failure.kind === 'transient' && attempts < MAX_ATTEMPTS) {
      await EmailOutbox.query(db).findById(id).patch({ error: `attempt ${attempts} failed, retrying: ${failure.message}`.slice(0, 500), nextAttemptAt: finished + retryDelayMs(attempts) });
      return 'retry';
    }
    const why = failure.kind === 'transient' ? `gave up after ${attempts} attempts: ${failure.message}` : failure.kind === 'bounce' ? `address refused (hard bounce): ${failure.message}` : `refused: ${failure.message}`;
    await EmailOutbox.query(db).findById(id).patch({ error: why.slice(0, 500), failedAt: finished, payload: null, nextAttemptAt: null });
    if (failure.kind === 'bounce') {
      await User.query(db).where({ emailLower: to.toLowerCase() }).patch({ emailBouncedAt: finished, emailBounceReason: failure.message.slice(0, 300) });
      return 'bounced';
    }
    return 'failed';
  }
}

/** Every outbox row whose next attempt is due, oldest first (the `email-delivery` job). */
export async function deliverDue(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db, now = Date.now(), limit = 200): Promise<Record<DeliveryOutcome, number>> {
  const counts: Record<DeliveryOutcome, number> = { sent: 0, retry: 0, bounced: 0, failed: 0, busy: 0 };
  if (!config.smtpUrl) return counts;
  const due = await EmailOutbox.query(db)
    .whereNull('sentAt')
    .whereNull('failedAt')
    .whereNull('handledAt')
    .whereNotNull('payload')
    .where('nextAttemptAt', '<=', now)
    .orderBy('nextAttemptAt')
    .limit(limit)
    .select('id');
  for (const { id } of due) counts[await deliverOutboxMail(config, db, id, now)]++;
  return counts;
}
