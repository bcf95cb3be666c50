import type { Config } from '../config';
import type { Db } from '../db';
import { sendMail } from './mail';
import { type Restriction, accountRestoredEmail, appealUpheldEmail, confirmEmailEmail, shareRevokedEmail, staffDeactivatedEmail, suspensionEmail, verificationOutcomeEmail, warningEmail } from './email/account-emails';
import { issueEmailConfirmationLink } from './account-links';
import { AppealToken } from '../models/account';
import { User } from '../models/user';
import { issueToken } from './single-use-tokens';
import type { Language } from '../../contracts/i18n/languages';

/**
 * Emails that tell a member what the review team decided about them: verification outcome, a warning, a
 * suspension with the way to appeal. Sent after the decision is committed; a failed delivery is recorded by the
 * mail service and never undoes the decision.
 */

/** How long the appeal link in a suspension email works. */
export const APPEAL_VALID_MS = 30 * 24 * 60 * 60 * 1000;

interface Recipient {
  id: number;
  fullName: string;
  email: string;
  /** the account's language: its emails are written in it */
  language?: Language;
}

async function recipient(db: Db, userId: number): Promise<Recipient | null> {
  const user = await User.query(db).findOne({ id: userId, isDeleted: false }).select('id', 'fullName', 'email', 'language');
  return user ? { id: user.id, fullName: user.fullName, email: user.email, language: user.language } : null;
}

function origin(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

export async function mailVerificationOutcome(config: Config, db: Db, userId: number, outcome: { approved: true } | { approved: false; reason: string }) {
  const to = await recipient(db, userId);
  if (!to) return;
  const profileUrl = `${origin(config)}/profile`;
  const { language } = to;
  const mail = await verificationOutcomeEmail(outcome.approved ? { name: to.fullName, approved: true, profileUrl, language } : { name: to.fullName, approved: false, reason: outcome.reason, profileUrl, language });
  await sendMail(config, db, { to: to.email, kind: 'verification', subject: mail.subject, text: mail.text, html: mail.html });
}

export async function mailShareRevoked(config: Config, db: Db, userId: number, reason: string) {
  const to = await recipient(db, userId);
  if (!to) return;
  const mail = await shareRevokedEmail({ name: to.fullName, reason, profileUrl: `${origin(config)}/profile`, language: to.language });
  await sendMail(config, db, { to: to.email, kind: 'notification', subject: mail.subject, text: mail.text, html: mail.html });
}

export async function mailWarning(config: Config, db: Db, userId: number, message: string) {
  const to = await recipient(db, userId);
  if (!to) return;
  const mail = await warningEmail({ name: to.fullName, message, termsUrl: `${origin(config)}/terms`, language: to.language });
  await sendMail(config, db, { to: to.email, kind: 'notification', subject: mail.subject, text: mail.text, html: mail.html });
}

/** What restricts the member now (null: nothing, the account is active). */
async function restrictionOf(db: Db, userId: number): Promise<Restriction | null> {
  const user = await User.query(db).findById(userId).select('status', 'suspendedUntil');
  if (user?.status === 'banned') return { kind: 'ban' };
  if (user?.status === 'suspended') return { kind: 'suspension', until: user.suspendedUntil };
  return null;
}

/**
 * Emails the suspension or ban, saying which and until when, with a single-use link to the appeal form (the
 * member can no longer sign in).
 */
export async function mailSuspension(config: Config, db: Db, userId: number) {
  const to = await recipient(db, userId);
  const restriction = await restrictionOf(db, userId);
  if (!to || !restriction) return;
  const token = await issueToken(AppealToken, db, userId, APPEAL_VALID_MS);
  const mail = await suspensionEmail({ name: to.fullName, appealUrl: `${origin(config)}/appeal/${token}`, restriction, language: to.language });
  await sendMail(config, db, { to: to.email, kind: 'notification', subject: mail.subject, text: mail.text, html: mail.html });
}

/** The account is active again (restored from the member page, or an appeal overturned), with the reviewer's reason. */
export async function mailRestored(config: Config, db: Db, userId: number, reason: string) {
  const to = await recipient(db, userId);
  if (!to) return;
  const mail = await accountRestoredEmail({ name: to.fullName, reason, loginUrl: `${origin(config)}/login`, language: to.language });
  await sendMail(config, db, { to: to.email, kind: 'notification', subject: mail.subject, text: mail.text, html: mail.html });
}

/** An appeal was upheld: the restriction stays, with the reviewer's reason. */
export async function mailAppealUpheld(config: Config, db: Db, userId: number, reason: string) {
  const to = await recipient(db, userId);
  const restriction = await restrictionOf(db, userId);
  if (!to || !restriction) return;
  const mail = await appealUpheldEmail({ name: to.fullName, reason, restriction, termsUrl: `${origin(config)}/terms`, language: to.language });
  await sendMail(config, db, { to: to.email, kind: 'notification', subject: mail.subject, text: mail.text, html: mail.html });
}

/** A deactivated staff account: someone tried to sign in to it (the owner hears of it, not the form). */
export async function mailStaffDeactivated(config: Config, db: Db, userId: number) {
  const to = await recipient(db, userId);
  if (!to) return;
  const mail = await staffDeactivatedEmail({ name: to.fullName, consoleUrl: `${origin(config)}/ops` });
  await sendMail(config, db, { to: to.email, kind: 'other', subject: mail.subject, text: mail.text, html: mail.html });
}

/** A new link that confirms the account's email address and signs it in (valid two days). */
export async function mailConfirmationLink(config: Config, db: Db, user: Recipient) {
  const token = await issueEmailConfirmationLink(db, user.id);
  const mail = await confirmEmailEmail({ name: user.fullName, url: `${origin(config)}/confirm-email/${token}`, language: user.language });
  await sendMail(config, db, { to: user.email, subject: mail.subject, kind: 'verification', text: mail.text, html: mail.html });
}
