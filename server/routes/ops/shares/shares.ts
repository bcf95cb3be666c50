import type { Knex } from 'knex';
import type * as z from 'zod';
import { shareListSchema } from '../../../../contracts/ops';
import type { AppRouter } from '../../../context';
import { notFound } from '../../../errors';
import { currentUser } from '../../../middleware/auth';
import { idParam, parse } from '../../../middleware/validate';
import { isoOrNull } from '../../../presenters/user';
import { auditFrom } from '../../../services/audit';
import { paginate } from '../lib/pagination';
import { whereContains } from '../lib/search';

type ShareListInput = z.output<typeof shareListSchema>;

const SORT_COLUMN = { views: 'profile_shares.accessCount', created: 'profile_shares.createdAt', expires: 'profile_shares.expiresAt' } as const;

function shareState(row: { isActive: unknown; expiresAt: unknown }, now: number): 'active' | 'expired' | 'deactivated' {
  if (!Number(row.isActive) && row.isActive !== true) return 'deactivated';
  return Number(row.expiresAt) <= now ? 'expired' : 'active';
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function filteredShares(db: Knex, input: ShareListInput, now: number) {
  const q = db('profile_shares').join('users as owner', 'owner.id', 'profile_shares.userId');
  if (input.state === 'active') q.where('profile_shares.isActive', true).where('profile_shares.expiresAt', '>', now);
  if (input.state === 'expired') q.where('profile_shares.isActive', true).where('profile_shares.expiresAt', '<=', now);
  if (input.state === 'deactivated') q.where('profile_shares.isActive', false);
  if (input.owner) whereContains(q, ['lower(owner.full_name)', 'owner.username_lower'], input.owner);
  return q;
}

const withOwner = (q: Knex.QueryBuilder) => q.select('profile_shares.*', 'owner.fullName as ownerName', 'owner.username as ownerUsername');

/** Share-link audit: list, CSV export, deactivate. */
export function shareRoutes(router: AppRouter) {
  router.get('/shares', async (ctx) => {
    const input = parse(shareListSchema, ctx.query);
    const now = Date.now();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await paginate(
      filteredShares(ctx.services.db, input, now),
      input,
      (q) => withOwner(q.orderBy(SORT_COLUMN[input.sort], input.dir).orderBy('profile_shares.id', 'desc')),
      (rows) =>
        rows.map((r) => ({
          id: r.id, profileId: r.profileId, owner: { id: r.userId, fullName: r.ownerName, username: r.ownerUsername },
          createdAt: isoOrNull(r.createdAt), expiresAt: isoOrNull(r.expiresAt), accessCount: r.accessCount, state: shareState(r, now),
        })),
    );
  });

  router.get('/shares.csv', async (ctx) => {
    const input = parse(shareListSchema, ctx.query);
    const now = Date.now();
    const rows = await withOwner(filteredShares(ctx.services.db, input, now).orderBy(SORT_COLUMN[input.sort], input.dir).limit(100_000));
    const lines = [['id', 'profile_id', 'owner', 'owner_username', 'created', 'expires', 'views', 'state'].join(',')];
    for (const r of rows) {
      lines.push([r.id, r.profileId, r.ownerName, r.ownerUsername, isoOrNull(r.createdAt), isoOrNull(r.expiresAt), r.accessCount, shareState(r, now)].map(csvCell).join(','));
    }
    await auditFrom(ctx, 'shares.export', 'profile_share', null, { rows: rows.length });
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="share-links-${new Date().toISOString().slice(0, 10)}.csv"`);
    ctx.body = `${lines.join('\n')}\n`;
  });

  router.post('/shares/:id/deactivate', async (ctx) => {
    const id = idParam(ctx.params.id);
    await ctx.services.db.transaction(async (trx) => {
      const share = await trx('profile_shares').where({ id }).first('userId');
      if (!share) throw notFound('Share link not found');
      await trx('profile_shares').where({ id }).update({ isActive: false, deactivatedAt: Date.now(), deactivatedBy: currentUser(ctx).id });
      await auditFrom(ctx, 'share.deactivate', 'profile_share', id, undefined, { db: trx, subjectUserId: share.userId });
    });
    ctx.body = { message: 'Share link deactivated', id };
  });
}
