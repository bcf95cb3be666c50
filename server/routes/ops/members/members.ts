import { memberListSchema, restoreSchema, suspendSchema } from '../../../../contracts/ops';
import type { AppRouter } from '../../../context';
import { conflict, notFound } from '../../../errors';
import { idParam, parse, requestBody } from '../../../middleware/validate';
import type { QueryBuilder } from 'objection';
import { Profile } from '../../../models/profile';
import { ProfileShare } from '../../../models/social';
import { User } from '../../../models/user';
import { effectiveTier } from '../../../policies/tier';
import { isoOrNull } from '../../../presenters/user';
import { auditFrom } from '../../../services/audit';
import { clearEmailBounce } from '../../../services/email/bounces';
import { paginate, paginateCollated } from '../lib/pagination';
import { whereContains } from '../lib/search';
import { memberDetail } from './member-detail';
import { announceRestore, announceSuspension, restoreMember, suspendMember } from '../../../services/suspensions';

/** SQL order for each sortable column except the name, which is collated (see paginateCollated). */
const SORT_COLUMN = { created: 'createdAt', username: 'usernameLower', email: 'emailLower', verified: 'isVerified', status: 'status' } as const;

/**
 * What a reviewer may paste into the member search: a share link (".../shared/CODE": its owner), a number ("#12"
 * or "12": the member with that user id and the owner of the profile with that id), or part of a name, username or
 * email.
 */
function whereMemberSearch(q: QueryBuilder<User, User[]>, text: string) {
  const link = /\/shared\/([A-Za-z0-9_-]{10,64})/.exec(text);
  if (link) return q.whereIn('users.id', ProfileShare.query().where('shareCode', link[1]).select('userId'));
  const id = /^#?(\d{1,10})$/.exec(text);
  // A number is an id (digits inside usernames and emails would match half the members).
  if (id) return q.where((w) => w.where('users.id', Number(id[1])).orWhereIn('users.id', Profile.query().where('id', Number(id[1])).select('userId')));
  return whereContains(q, ['lower(full_name)', 'username_lower', 'email_lower'], text);
}

/** Member administration: search and filter, suspend, restore, lift an undeliverable-address mark. */
export function memberRoutes(router: AppRouter) {
  router.get('/members', async (ctx) => {
    const input = parse(memberListSchema, ctx.query);
    const q = User.query(ctx.services.db).where({ role: 'member', isDeleted: false });
    if (input.q) whereMemberSearch(q, input.q);
    if (input.tier) q.where({ subscriptionTier: input.tier });
    if (input.verified) q.where({ isVerified: input.verified === 'true' });
    if (input.status) q.where({ status: input.status });
    ctx.set('Cache-Control', 'no-store');
    const present = (rows: User[]) =>
      rows.map((r) => ({
        id: r.id, fullName: r.fullName, username: r.username, email: r.email,
        tier: effectiveTier(r), isVerified: r.isVerified, status: r.status, registeredAt: isoOrNull(r.createdAt),
      }));
    const columns = (rows: typeof q) => rows.select('id', 'fullName', 'username', 'email', 'subscriptionTier', 'subscriptionEnds', 'isVerified', 'status', 'createdAt');
    const { sort } = input;
    if (sort === 'name') ctx.body = await paginateCollated(q, input, { id: 'id', text: 'fullName' }, columns, present);
    else ctx.body = await paginate(q, input, (rows) => columns(rows.orderBy(SORT_COLUMN[sort], input.dir).orderBy('id', 'desc')), present);
  });

  router.get('/members/:id', async (ctx) => {
    const detail = await memberDetail(ctx.services.db, idParam(ctx.params.id));
    if (!detail) throw notFound('Member not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = detail;
  });

  router.post('/members/:id/suspend', async (ctx) => {
    const id = idParam(ctx.params.id);
    const { reason, length } = parse(suspendSchema, requestBody(ctx));
    const suspension = await ctx.services.db.transaction(async (trx) => {
      const made = await suspendMember(ctx, trx, id, { note: reason, length });
      await auditFrom(ctx, length === 'ban' ? 'member.ban' : 'member.suspend', 'user', id, { note: reason, length, until: made.until }, { db: trx });
      return made;
    });
    await announceSuspension(ctx, id);
    ctx.body = { message: length === 'ban' ? 'Member banned' : 'Member suspended', id, status: length === 'ban' ? 'banned' : 'suspended', suspendedUntil: isoOrNull(suspension.until) };
  });

  // The member's mailbox works again (they told support, or the bounce was the mail server's mistake): email is
  // sent to the address again, and marked anew if it bounces again.
  router.delete('/members/:id/email-bounce', async (ctx) => {
    const id = idParam(ctx.params.id);
    await ctx.services.db.transaction(async (trx) => {
      if (!(await User.query(trx).findById(id).select('id'))) throw notFound('Member not found');
      const cleared = await clearEmailBounce(trx, id);
      if (!cleared) throw conflict('This address is not marked undeliverable');
      await auditFrom(ctx, 'member.email_bounce_cleared', 'user', id, { bounceReason: cleared.reason }, { db: trx });
    });
    ctx.body = { message: 'Emails will be sent to this address again', id };
  });

  router.post('/members/:id/restore', async (ctx) => {
    const id = idParam(ctx.params.id);
    const { note } = parse(restoreSchema, requestBody(ctx));
    await ctx.services.db.transaction(async (trx) => {
      await restoreMember(ctx, trx, id, note);
      await auditFrom(ctx, 'member.restore', 'user', id, { note }, { db: trx });
    });
    await announceRestore(ctx, id, note);
    ctx.body = { message: 'Member restored', id };
  });
}
