import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db';

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
const SECRET_LINK = /\/(reset-password|confirm-email|appeal)\/[A-Za-z0-9_-]{16,}/g;

/** The text with every single-use link's token replaced, for copies kept where others can read them. */
export function redactSecretLinks(text: string): string {
  return text.replace(SECRET_LINK, (_link, kind: string) => `/${kind}/[hidden: sent to the recipient only]`);
}

async function isStaffAddress(db: Db, email: string): Promise<boolean> {
  return Boolean(await db('users').where({ emailLower: email.toLowerCase() }).whereIn('role', ['reviewer', 'admin']).first('id'));
}

/**
 * Every email is written to the outbox first (readable by admins in the ops console); with SMTP configured it is
 * then sent and marked. Sending failures are recorded, never thrown at the member.
 * The stored copy never holds a live single-use link when SMTP delivers the mail (the mailbox is its only
 * reader), nor ever for a staff account (a reset link to the console must not be readable in the console).
 * Without SMTP the outbox is how a member's mail gets out, so the link stays until an admin marks it handled.
 */
export async function sendMail(config: Config, db: Db, mail: OutgoingMail): Promise<void> {
  const hideLinks = Boolean(config.smtpUrl) || (await isStaffAddress(db, mail.to));
  const [row] = await db('email_outbox')
    .insert({ toEmail: mail.to, subject: mail.subject, bodyText: hideLinks ? redactSecretLinks(mail.text) : mail.text, kind: mail.kind, createdAt: Date.now() })
    .returning('id');
  const id = typeof row === 'object' ? (row as { id: number }).id : row;
  if (!config.smtpUrl) return;
  // Delivered after the request has answered: a slow mail server must not delay the member, and how long a
  // request takes must not tell whether an email was sent (password reset, registration).
  const smtpUrl = config.smtpUrl;
  setImmediate(() => {
    void deliver(smtpUrl, config.mailFrom, db, id, mail);
  });
}

async function deliver(smtpUrl: string, from: string, db: Db, id: number, mail: OutgoingMail): Promise<void> {
  try {
    const transport = nodemailer.createTransport(smtpUrl);
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    await db('email_outbox').where({ id }).update({ sentAt: Date.now() });
  } catch (error) {
    await db('email_outbox')
      .where({ id })
      .update({ error: String((error as Error).message).slice(0, 500) })
      .catch(() => {});
  }
}
