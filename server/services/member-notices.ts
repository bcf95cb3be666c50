import type { Config } from '../config';
import type { Db } from '../db';
import { sendMail } from './mail';
import { randomToken, sha256 } from './passwords';

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
}

async function recipient(db: Db, userId: number): Promise<Recipient | null> {
  const user = await db('users').where({ id: userId, isDeleted: false }).first('id', 'fullName', 'email');
  return user ?? null;
}

function origin(config: Config): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

export async function mailVerificationOutcome(config: Config, db: Db, userId: number, outcome: { approved: true } | { approved: false; reason: string }) {
  const to = await recipient(db, userId);
  if (!to) return;
  await sendMail(config, db, {
    to: to.email,
    kind: 'verification',
    subject: outcome.approved ? 'You are verified on Saathi' : 'Your Saathi verification was not approved',
    text: outcome.approved
      ? `Hello ${to.fullName},\n\nYour identity has been verified. The Verified badge now shows on your profile, so families know you are who you say you are.\n\nYour selfie and ID photos have been deleted, as promised.\n`
      : `Hello ${to.fullName},\n\nWe could not verify your identity this time.\n\nReason: ${outcome.reason}\n\nYou can send new photos from your profile (${origin(config)}/profile) whenever you are ready. Your selfie and ID photos from this request have been deleted.\n`,
  });
}

export async function mailWarning(config: Config, db: Db, userId: number, message: string) {
  const to = await recipient(db, userId);
  if (!to) return;
  await sendMail(config, db, {
    to: to.email,
    kind: 'notification',
    subject: 'A warning from the Saathi team',
    text: `Hello ${to.fullName},\n\nAnother member reported your behaviour on Saathi, and our review team has looked into it.\n\n${message}\n\nPlease follow our community guidelines (${origin(config)}/terms). Repeated reports lead to suspension.\n`,
  });
}

/** Emails the suspension with a single-use link to the appeal form (the member can no longer sign in). */
export async function mailSuspension(config: Config, db: Db, userId: number) {
  const to = await recipient(db, userId);
  if (!to) return;
  const token = randomToken(32);
  const now = Date.now();
  await db('appeal_tokens').insert({ userId, tokenHash: sha256(token), expiresAt: now + APPEAL_VALID_MS, createdAt: now });
  await sendMail(config, db, {
    to: to.email,
    kind: 'notification',
    subject: 'Your Saathi account is suspended',
    text: `Hello ${to.fullName},\n\nAfter reviewing reports from other members, our team has suspended your Saathi account. You are signed out and cannot sign in while it is suspended.\n\nIf you think this is a mistake, tell us why here within 30 days:\n\n${origin(config)}/appeal/${token}\n\nA reviewer reads every appeal, and we will write to you at this address.\n`,
  });
}
