import type { Config } from '../config';
import type { Db } from '../db';
import { EmailOutbox } from '../models/ops';
import { User } from '../models/user';
import { type MailPayload, deliverOutboxMail } from './email/delivery';
import type { RenderedEmail } from './email/templates';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** the HTML part, when the email has one (the outbox keeps the text part) */
  html?: string;
  /** extra headers, e.g. List-Unsubscribe */
  headers?: Record<string, string>;
  kind: 'password_reset' | 'notification' | 'contact_copy' | 'verification' | 'other';
}

/** Single-use links (password reset, email confirmation, appeal): whoever reads one can act as the recipient. */
const SECRET_LINK = /\/(reset-password|confirm-email|appeal|family-invite)\/[A-Za-z0-9_-]{16,}/g;

/** The text with every single-use link's token replaced, for copies kept where others can read them. */
export function redactSecretLinks(text: string): string {
  return text.replace(SECRET_LINK, (_link, kind: string) => `/${kind}/[hidden: sent to the recipient only]`);
}

async function isStaffAddress(db: Db, email: string): Promise<boolean> {
  return Boolean(await User.query(db).findOne({ emailLower: email.toLowerCase() }).whereIn('role', ['reviewer', 'admin']).select('id'));
}

/** Mail the member asks for at that moment (a reset link, a confirmation) is tried even to an address that
 * bounced: they may have fixed their mailbox, and it is their only way back in. Everything else waits until the
 * member clears the mark in Settings → Notifications. */
const TRIED_AFTER_BOUNCE = new Set<OutgoingMail['kind']>(['password_reset', 'verification']);

async function bouncedAddress(db: Db, email: string): Promise<boolean> {
  return Boolean(await User.query(db).findOne({ emailLower: email.toLowerCase() }).whereNotNull('emailBouncedAt').select('id'));
}

/**
 * Every email is written to the outbox first (readable by admins in the ops console); with SMTP configured it is
 * then delivered (`email/delivery.ts`: retried with backoff by the `email-delivery` job, given up on a hard
 * bounce). Sending failures are recorded, never thrown at the member.
 * The readable copy never holds a live single-use link when SMTP delivers the mail (the mailbox is its only
 * reader), nor ever for a staff account (a reset link to the console must not be readable in the console).
 * The full message waits in `payload` (never shown) only until it is delivered or given up.
 * Without SMTP the outbox is how a member's mail gets out, so the link stays until an admin marks it handled.
 */
export async function sendMail(config: Config, db: Db, mail: OutgoingMail, options: { attemptNow?: boolean } = {}): Promise<void> {
  const hideLinks = Boolean(config.smtpUrl) || (await isStaffAddress(db, mail.to));
  const suppressed = Boolean(config.smtpUrl) && !TRIED_AFTER_BOUNCE.has(mail.kind) && (await bouncedAddress(db, mail.to));
  const now = Date.now();
  const deliver = Boolean(config.smtpUrl) && !suppressed;
  const payload: MailPayload = { text: mail.text, html: mail.html, headers: mail.headers };
  const { id } = await EmailOutbox.query(db).insert({
      toEmail: mail.to,
      subject: mail.subject,
      bodyText: hideLinks ? redactSecretLinks(mail.text) : mail.text,
      kind: mail.kind,
      createdAt: now,
      payload: deliver ? JSON.stringify(payload) : null,
      nextAttemptAt: deliver ? now : null,
      failedAt: suppressed ? now : null,
      error: suppressed ? 'not sent: this address bounced earlier (the member can clear that in Settings)' : null,
  });
  // Mail queued in bulk (or inside a transaction) waits for the email-delivery job.
  if (!deliver || options.attemptNow === false) return;
  // First attempt after the request has answered: a slow mail server must not delay the member, and how long a
  // request takes must not tell whether an email was sent (password reset, registration). A failure is retried
  // by the job.
  setImmediate(() => {
    deliverOutboxMail(config, db, Number(id)).catch(() => {});
  });
}

/** A notification email through the outbox, with the one-click unsubscribe headers (RFC 8058) of its kind. */
export function sendNotificationEmail(config: Config, db: Db, to: string, email: RenderedEmail, unsubscribe: string, options: { attemptNow?: boolean } = {}): Promise<void> {
  return sendMail(
    config,
    db,
    { to, subject: email.subject, text: email.text, html: email.html, kind: 'notification', headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
    options,
  );
}
