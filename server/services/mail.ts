import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: 'password_reset' | 'notification' | 'contact_copy' | 'verification' | 'other';
}

/**
 * Every email is written to the outbox first (readable in the ops console); with SMTP configured it is then
 * sent and marked. Sending failures are recorded, never thrown at the member.
 */
export async function sendMail(config: Config, db: Db, mail: OutgoingMail): Promise<void> {
  const [row] = await db('email_outbox')
    .insert({ toEmail: mail.to, subject: mail.subject, bodyText: mail.text, kind: mail.kind, createdAt: Date.now() })
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
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    await db('email_outbox').where({ id }).update({ sentAt: Date.now() });
  } catch (error) {
    await db('email_outbox')
      .where({ id })
      .update({ error: String((error as Error).message).slice(0, 500) })
      .catch(() => {});
  }
}
