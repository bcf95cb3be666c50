import type { Knex } from 'knex';
import type { AppContext } from '../../../context';
import { notFound } from '../../../errors';
import { User } from '../../../models/user';
import { auditFrom } from '../../../services/audit';
import { mailSuspension } from '../../../services/member-notices';
import { endSessions } from '../../../services/session-end';

/**
 * Suspends a member inside the caller's transaction: status, every session ended (their open streams close once
 * the transaction commits), the audit entry.
 */
export async function suspendMember(ctx: AppContext, trx: Knex, userId: number, reason: string): Promise<void> {
  const updated = await User.query(trx).where({ id: userId, role: 'member', isDeleted: false }).patch({ status: 'suspended', updatedAt: Date.now() });
  if (!updated) throw notFound('Member not found');
  await endSessions(ctx.services.live, trx, { userId });
  await auditFrom(ctx, 'member.suspend', 'user', userId, { reason, note: reason }, { db: trx });
}

/** After the suspension is committed: the member is emailed how to appeal. */
export async function announceSuspension(ctx: AppContext, userId: number): Promise<void> {
  await mailSuspension(ctx.services.config, ctx.services.db, userId);
}
