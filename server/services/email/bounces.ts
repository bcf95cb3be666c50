import type { Db } from '../../db';
import { EmailOutbox } from '../../models/ops';
import { User } from '../../models/user';

/** How many of an address's latest failed or retrying mails the ops member page shows. */
const FAILURES_SHOWN = 5;

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/**
 * A member's email delivery as support sees it: whether the address is marked undeliverable (a hard bounce
 * stops every email but the ones the member asks for), when mail last got through, and the latest mails that
 * failed or are being retried with the mail server's answer. Never a subject or body: those are the member's
 * (and often name another member); the outbox itself is for admins.
 */
export async function emailDeliveryOf(db: Db, user: Pick<User, 'email' | 'emailBouncedAt' | 'emailBounceReason'>) {
  const failures = await EmailOutbox.query(db)
    .where({ toEmail: user.email })
    .whereNull('sentAt')
    .where((w) => w.whereNotNull('failedAt').orWhereNotNull('error'))
    .orderBy('id', 'desc')
    .limit(FAILURES_SHOWN)
    .select('id', 'kind', 'createdAt', 'attempts', 'failedAt', 'nextAttemptAt', 'error');
  const lastSent = await EmailOutbox.query(db).where({ toEmail: user.email }).whereNotNull('sentAt').orderBy('id', 'desc').select('sentAt').first();
  return {
    bouncedAt: iso(user.emailBouncedAt),
    bounceReason: user.emailBouncedAt ? (user.emailBounceReason ?? '') : null,
    lastSentAt: iso(lastSent?.sentAt),
    failures: failures.map((f) => ({
      id: f.id,
      kind: f.kind ?? 'other',
      createdAt: iso(f.createdAt) as string,
      attempts: f.attempts ?? 0,
      state: f.failedAt === null ? ('retrying' as const) : ('failed' as const),
      failedAt: iso(f.failedAt),
      nextAttemptAt: f.failedAt === null ? iso(f.nextAttemptAt) : null,
      error: f.error,
    })),
  };
}

/**
 * Lifts the undeliverable mark (the member, or support, says the mailbox works again): mail is sent to the address
 * again, and marked anew if the server refuses it again. Returns the reason it was marked, or null if it was not.
 */
export async function clearEmailBounce(db: Db, userId: number): Promise<{ reason: string } | null> {
  const row = await User.query(db).findById(userId).whereNotNull('emailBouncedAt').select('emailBounceReason');
  if (!row) return null;
  await User.query(db).findById(userId).patch({ emailBouncedAt: null, emailBounceReason: null });
  return { reason: row.emailBounceReason ?? '' };
}
