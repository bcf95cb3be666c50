import type { AppContext } from '../context';
import type { Db } from '../db';
import { AuditLog, VerificationRequest } from '../models/ops';

export interface AuditEntry {
  actorUserId: number | null;
  actorRole: string | null;
  action: string;
  targetType?: string;
  targetId?: number | null;
  /** The member the action concerns, when there is one: their page lists it and the log names them. */
  subjectUserId?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  /** The id in the request's log line and X-Request-Id header. */
  requestId?: string | null;
}

/** Append-only record of who did what to which record. Nothing updates or deletes these rows. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await AuditLog.query(db).insert({
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    subjectUserId: entry.subjectUserId ?? (entry.targetType === 'user' ? (entry.targetId ?? null) : null),
    details: entry.details ?? null,
    ip: entry.ip ?? null,
    requestId: entry.requestId ?? null,
    createdAt: Date.now(),
  });
}

export interface AuditOptions {
  /** The action's transaction: the entry and the action are written together or not at all. */
  db?: Db;
  /** The member the action concerns when the target is not the member themself (a report, a request…). */
  subjectUserId?: number | null;
}

/** Records an action of the signed-in user, with the request's id and address. */
export function auditFrom(ctx: AppContext, action: string, targetType: string, targetId: number | null, details?: Record<string, unknown>, options: AuditOptions = {}) {
  const user = ctx.state.user;
  return audit(options.db ?? ctx.services.db, {
    actorUserId: user?.id ?? null, actorRole: user?.role ?? null, action, targetType, targetId, details,
    subjectUserId: options.subjectUserId, ip: ctx.ip, requestId: ctx.state.requestId ?? null,
  });
}

export type SignInOutcome = 'success' | 'failure' | 'refused';

/** The console sign-in actions, one per outcome; the audit log shows them in their own view. */
export const SIGN_IN_ACTIONS: Record<SignInOutcome | 'sign_out', string> = {
  success: 'ops.sign_in',
  failure: 'ops.sign_in_failed',
  refused: 'ops.sign_in_refused',
  sign_out: 'ops.sign_out',
};

/**
 * Records an attempt to sign in to the console: `success` for staff let in, `failure` for an unknown account or a
 * wrong password or code, `refused` for a right password on an account that may not use the console (a member,
 * a suspended or deactivated reviewer). `login` is what was typed, kept so failures against one account show up.
 */
export function auditSignIn(ctx: AppContext, outcome: SignInOutcome, login: string, account: { id: number; role: string } | null, extra: Record<string, string> = {}) {
  return audit(ctx.services.db, {
    actorUserId: outcome === 'success' && account ? account.id : null,
    actorRole: outcome === 'success' && account ? account.role : null,
    action: SIGN_IN_ACTIONS[outcome],
    targetType: 'user',
    targetId: account?.id ?? null,
    subjectUserId: account?.id ?? null,
    details: { login: login.slice(0, 254), ...extra },
    ip: ctx.ip,
    requestId: ctx.state.requestId ?? null,
  });
}

/**
 * Records a staff member opening an ID image (a verification selfie or document). Other photos are not recorded:
 * only ID documents carry that much about a person.
 */
export async function auditIdDocumentView(ctx: AppContext, photo: { id: number; purpose: string; userId: number | null }): Promise<void> {
  if (photo.purpose !== 'verification_selfie' && photo.purpose !== 'verification_document') return;
  const request = await VerificationRequest.query(ctx.services.db).where('selfiePhotoId', photo.id).orWhere('documentPhotoId', photo.id).select('id', 'userId').first();
  await auditFrom(ctx, 'verification.view_document', 'verification_request', request?.id ?? null, { image: photo.purpose === 'verification_selfie' ? 'selfie' : 'document' }, { subjectUserId: request?.userId ?? photo.userId });
}
