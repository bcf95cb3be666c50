import type { AppContext } from '../context';
import type { Db } from '../db';

/** Append-only record of who did what to which record. Nothing updates or deletes these rows. */
export async function audit(
  db: Db,
  entry: { actorUserId: number | null; actorRole: string | null; action: string; targetType?: string; targetId?: number | null; details?: Record<string, unknown>; ip?: string | null },
): Promise<void> {
  await db('audit_log').insert({
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
    ip: entry.ip ?? null,
    createdAt: Date.now(),
  });
}

/**
 * Records a staff action by the signed-in user. Pass the action's transaction as `db` so the entry and the action
 * it records are written together or not at all.
 */
export function auditFrom(ctx: AppContext, action: string, targetType: string, targetId: number | null, details?: Record<string, unknown>, db: Db = ctx.services.db) {
  const user = ctx.state.user;
  return audit(db, { actorUserId: user?.id ?? null, actorRole: user?.role ?? null, action, targetType, targetId, details, ip: ctx.ip });
}
