import type { Config } from '../config';
import type { Db } from '../db';
import { conflict, notFound } from '../errors';
import { User } from '../models/user';
import { type AuditEntry, audit } from './audit';
import { sendMail } from './mail';
import { passwordResetEmail, staffInviteEmail } from './email/account-emails';
import { issuePasswordResetLink, issueStaffInviteLink } from './account-links';
import { createAccount, takenField } from './accounts';
import { randomToken } from './passwords';
import type { LiveEvents } from './live-events';
import { endSessions } from './session-end';

export const STAFF_ROLES = ['reviewer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who is acting: a signed-in admin (from the console) or the command line. */
export type StaffActor = Pick<AuditEntry, 'actorUserId' | 'actorRole' | 'ip' | 'requestId'>;

async function staffAccount(db: Db, id: number) {
  const user = await User.query(db).findOne({ id, isDeleted: false }).whereIn('role', STAFF_ROLES).select('id', 'fullName', 'username', 'email', 'role', 'status');
  if (!user) throw notFound('Staff account not found');
  return { id: user.id, fullName: user.fullName, username: user.username, email: user.email, role: user.role as StaffRole, status: user.status as string };
}

/** The console always keeps an admin who can sign in: refuses a change that would leave none. */
async function keepAnActiveAdmin(db: Db, changingId: number) {
  const others = await User.query(db).where({ role: 'admin', status: 'active', isDeleted: false }).whereNot({ id: changingId }).resultSize();
  if (others === 0) throw conflict('This is the only active admin; make another admin first');
}

function notYourself(actor: StaffActor, id: number, what: string) {
  if (actor.actorUserId === id) throw conflict(`You cannot ${what} your own account; ask another admin`);
}

/**
 * Deactivates a reviewer or admin: they cannot sign in, and every session they have ends at once — the same
 * transaction as the audit entry, so no request they make afterwards is served.
 */
export async function deactivateStaff(db: Db, live: Pick<LiveEvents, 'publish'>, actor: StaffActor, id: number, reason?: string) {
  notYourself(actor, id, 'deactivate');
  return db.transaction(async (trx) => {
    const user = await staffAccount(trx, id);
    if (user.status !== 'active') throw conflict(`${user.fullName} is already deactivated`);
    if (user.role === 'admin') await keepAnActiveAdmin(trx, id);
    await User.query(trx).findById(id).patch({ status: 'suspended', updatedAt: Date.now() });
    const ended = await endSessions(live, trx, { userId: id });
    await audit(trx, { ...actor, action: 'reviewer.deactivate', targetType: 'user', targetId: id, details: { sessionsEnded: ended, ...(reason ? { note: reason } : {}) } });
    return { ...user, status: 'suspended', sessionsEnded: ended };
  });
}

export async function reactivateStaff(db: Db, actor: StaffActor, id: number) {
  return db.transaction(async (trx) => {
    const user = await staffAccount(trx, id);
    if (user.status === 'active') throw conflict(`${user.fullName} is already active`);
    await User.query(trx).findById(id).patch({ status: 'active', updatedAt: Date.now() });
    await audit(trx, { ...actor, action: 'reviewer.reactivate', targetType: 'user', targetId: id });
    return { ...user, status: 'active' };
  });
}

/** Changes a staff account between reviewer and admin; their sessions end so the new role applies at once. */
export async function changeStaffRole(db: Db, live: Pick<LiveEvents, 'publish'>, actor: StaffActor, id: number, role: StaffRole) {
  notYourself(actor, id, 'change the role of');
  return db.transaction(async (trx) => {
    const user = await staffAccount(trx, id);
    if (user.role === role) throw conflict(`${user.fullName} is already ${role === 'admin' ? 'an admin' : 'a reviewer'}`);
    if (user.role === 'admin' && user.status === 'active') await keepAnActiveAdmin(trx, id);
    await User.query(trx).findById(id).patch({ role, updatedAt: Date.now() });
    await endSessions(live, trx, { userId: id });
    await audit(trx, { ...actor, action: 'reviewer.role', targetType: 'user', targetId: id, details: { from: user.role, to: role } });
    return { ...user, role };
  });
}

/**
 * Emails a staff member a link to choose a new password (valid one hour, single use), for a forgotten password
 * or a suspected leak. Their current password stays valid until they use the link.
 */
export async function sendStaffPasswordReset(config: Config, db: Db, actor: StaffActor, id: number) {
  let token = '';
  const user = await db.transaction(async (trx) => {
    const staff = await staffAccount(trx, id);
    if (staff.status !== 'active') throw conflict(`${staff.fullName} is deactivated; reactivate the account first`);
    token = await issuePasswordResetLink(trx, id);
    await audit(trx, { ...actor, action: 'reviewer.reset', targetType: 'user', targetId: id });
    return staff;
  });
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const mail = await passwordResetEmail({ name: user.fullName, url: `${origin}/reset-password/${token}`, console: true });
  await sendMail(config, db, { to: user.email, subject: mail.subject, kind: 'password_reset', text: mail.text, html: mail.html });
  return user;
}

export interface StaffInvite {
  fullName: string;
  username: string;
  email: string;
  role: StaffRole;
}

/**
 * Creates a reviewer or admin account and emails them an invitation to choose their own password (the staff
 * reset-link mechanism, valid three days): no administrator ever knows it. Until they use the link the account
 * has a random password nobody holds. At their first sign-in the console has them turn on two-factor
 * authentication before anything else.
 */
export async function inviteStaff(config: Config, db: Db, actor: StaffActor, input: StaffInvite) {
  const taken = await takenField(db, input.username, input.email);
  if (taken) throw conflict(taken === 'username' ? 'Username already exists' : 'Email already registered', { field: taken });
  let token = '';
  const user = await db.transaction(async (trx) => {
    const created = await createAccount(
      trx,
      { fullName: input.fullName, username: input.username, email: input.email.toLowerCase(), password: randomToken(32), role: input.role },
      { passwordParams: config.argon2, firstFreePremium: config.firstFreePremium, countRegistration: false },
    );
    token = await issueStaffInviteLink(trx, created.id);
    await audit(trx, { ...actor, action: 'reviewer.create', targetType: 'user', targetId: created.id, details: { username: input.username, role: input.role, invited: true } });
    return created;
  });
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  const mail = await staffInviteEmail({ name: user.fullName, role: input.role, url: `${origin}/reset-password/${token}` });
  await sendMail(config, db, { to: user.email, subject: mail.subject, kind: 'password_reset', text: mail.text, html: mail.html });
  return user;
}
