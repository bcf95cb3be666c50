import type { Knex } from 'knex';
import { SUSPENSION_LENGTH_MS, type SuspensionLength } from '../../contracts/enums';
import type { AppContext } from '../context';
import { conflict, notFound } from '../errors';
import { currentUser } from '../middleware/auth';
import { Suspension } from '../models/social';
import { User } from '../models/user';
import { mailRestored, mailSuspension } from './member-notices';
import { endSessions } from './session-end';

export interface SuspensionInput {
  note: string;
  length: SuspensionLength;
  /** the report the suspension decides, when it came from one */
  reportId?: number | null;
}

/**
 * Suspends or bans a member inside the caller's transaction: status and end, every session ended (their open
 * streams close once the transaction commits), the suspension recorded with who decided it. The caller writes the one audit entry of its action and, once the transaction has
 * committed, tells the member (`announceSuspension`).
 */
export async function suspendMember(ctx: AppContext, trx: Knex, userId: number, input: SuspensionInput): Promise<Suspension> {
  const now = Date.now();
  const ms = SUSPENSION_LENGTH_MS[input.length];
  const until = ms === null ? null : now + ms;
  const kind = input.length === 'ban' ? 'ban' : 'suspension';
  const updated = await User.query(trx)
    .where({ id: userId, role: 'member', isDeleted: false })
    .patch({ status: kind === 'ban' ? 'banned' : 'suspended', suspendedUntil: until, updatedAt: now });
  if (!updated) throw notFound('Member not found');
  await endSessions(ctx.services.live, trx, { userId });
  // A new decision replaces any earlier one still in force.
  await Suspension.query(trx).where({ userId }).whereNull('endedAt').patch({ endedAt: now, endedBy: currentUser(ctx).id, endNote: 'Replaced by a new decision' });
  return Suspension.query(trx).insertAndFetch({
    userId, kind, until, note: input.note, reportId: input.reportId ?? null, suspendedBy: currentUser(ctx).id, createdAt: now,
    endedAt: null, endedBy: null, endNote: null,
  });
}

/** After the suspension is committed: the member is emailed which it is, until when, and how to appeal. */
export async function announceSuspension(ctx: AppContext, userId: number): Promise<void> {
  await mailSuspension(ctx.services.config, ctx.services.db, userId);
}

/** Restores a suspended or banned member inside the caller's transaction; the suspension in force ends with the note. */
export async function restoreMember(ctx: AppContext, trx: Knex, userId: number, note: string): Promise<void> {
  const user = await User.query(trx).findOne({ id: userId, role: 'member', isDeleted: false }).select('status');
  if (!user) throw notFound('Member not found');
  if (user.status === 'active') throw conflict('This member is not suspended');
  const now = Date.now();
  await User.query(trx).findById(userId).patch({ status: 'active', suspendedUntil: null, updatedAt: now });
  await Suspension.query(trx).where({ userId }).whereNull('endedAt').patch({ endedAt: now, endedBy: currentUser(ctx).id, endNote: note });
}

/** After the restore is committed: the member is emailed that the account is active again, with the reason. */
export async function announceRestore(ctx: AppContext, userId: number, note: string): Promise<void> {
  await mailRestored(ctx.services.config, ctx.services.db, userId, note);
}

/**
 * A suspension whose time is up ends when the member next signs in (nothing else needs it earlier: their sessions
 * were ended and they cannot act). Returns whether the account is active now.
 */
export async function liftExpiredSuspension(db: Knex, user: User, now = Date.now()): Promise<boolean> {
  if (user.status !== 'suspended' || user.suspendedUntil === null || user.suspendedUntil > now) return user.status === 'active';
  const lifted = await User.query(db).where({ id: user.id, status: 'suspended' }).where('suspendedUntil', '<=', now).patch({ status: 'active', suspendedUntil: null, updatedAt: now });
  if (lifted) await Suspension.query(db).where({ userId: user.id }).whereNull('endedAt').patch({ endedAt: now, endNote: 'The suspension ran its length' });
  user.status = 'active';
  user.suspendedUntil = null;
  return true;
}
