import type { Knex } from 'knex';
import type { AppContext } from '../../../context';
import { notFound } from '../../../errors';
import { User } from '../../../models/user';
import { endSessionsOfUser } from '../../../middleware/session-store';
import { auditFrom } from '../../../services/audit';
import { mailSuspension } from '../../../services/member-notices';

/**
 * Suspends a member inside the caller's transaction: status, every session ended, the audit entry. The caller
 * tells the member's open streams once the transaction has committed (`announceSuspension`).
 */
export async function suspendMember(ctx: AppContext, trx: Knex, userId: number, reason: string): Promise<void> {
  const updated = await User.query(trx).where({ id: userId, role: 'member', isDeleted: false }).patch({ status: 'suspended', updatedAt: Date.now() });
  if (!updated) throw notFound('Member not found');
  await endSessionsOfUser(trx, userId);
  await auditFrom(ctx, 'member.suspend', 'user', userId, { reason, note: reason }, { db: trx });
}

/** After the suspension is committed: the member's open streams close, and they are emailed how to appeal. */
export async function announceSuspension(ctx: AppContext, userId: number): Promise<void> {
  ctx.services.live.publish({ userId, kind: 'presence', payload: { suspended: true } });
  await mailSuspension(ctx.services.config, ctx.services.db, userId);
}
