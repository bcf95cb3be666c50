import type { Knex } from 'knex';
import type { QueryBuilder } from 'objection';
import type * as z from 'zod';
import { shareDeactivateSchema, shareListSchema } from '../../../../contracts/ops';
import type { AppRouter } from '../../../context';
import { conflict, notFound } from '../../../errors';
import { currentUser } from '../../../middleware/auth';
import { idParam, parse, requestBody } from '../../../middleware/validate';
import { ProfileShare } from '../../../models/social';
import { isoOrNull } from '../../../presenters/user';
import { auditFrom } from '../../../services/audit';
import { mailShareRevoked } from '../../../services/member-notices';
import { notify, worded } from '../../../services/notifications';
import { recentShareViews, shareViewTallies } from '../../../services/share-views';
import { paginate, paginateCollated } from '../lib/pagination';
import { escapeLike, whereContains } from '../lib/search';

type ShareListInput = z.output<typeof shareListSchema>;
type ShareQuery = QueryBuilder<ProfileShare, ProfileShare[]>;
/** A listed link with its owner's name and username, joined in (the owner filter and sort need the join anyway). */
type ListedShare = ProfileShare & { ownerName: string; ownerUsername: string };

const SORT_COLUMN = { views: 'profile_shares.accessCount', created: 'profile_shares.createdAt', expires: 'profile_shares.expiresAt' } as const;

/** How much of a share code the console shows: enough to tell links apart, far too little to open one. */
export const CODE_PREFIX_LENGTH = 8;
/** Recent views listed per link. */
const RECENT_VIEWS = 5;

function shareState(share: ProfileShare, now: number): 'active' | 'expired' | 'deactivated' {
  if (!share.isActive) return 'deactivated';
  return share.expiresAt <= now ? 'expired' : 'active';
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * What a reviewer may paste into the search: a whole link (".../shared/CODE", matched exactly), a share id
 * ("#12" or "12"), the first characters of a code, or part of the owner's name or username.
 */
function whereSearch(q: ShareQuery, text: string) {
  const link = /\/shared\/([A-Za-z0-9_-]{10,64})/.exec(text);
  if (link) return q.where('profile_shares.shareCode', link[1]);
  const id = /^#?(\d{1,9})$/.exec(text);
  return q.where((w) => {
    if (id) w.orWhere('profile_shares.id', Number(id[1]));
    if (/^[A-Za-z0-9_-]{4,64}$/.test(text)) w.orWhereRaw("profile_shares.share_code LIKE ? ESCAPE '\\'", [`${escapeLike(text)}%`]);
    w.orWhere((owner) => whereContains(owner, ['lower(owner.full_name)', 'owner.username_lower'], text));
  });
}

function filteredShares(db: Knex, input: ShareListInput, now: number) {
  const q = ProfileShare.query(db).join('users as owner', 'owner.id', 'profile_shares.userId');
  if (input.state === 'active') q.where('profile_shares.isActive', true).where('profile_shares.expiresAt', '>', now);
  if (input.state === 'expired') q.where('profile_shares.isActive', true).where('profile_shares.expiresAt', '<=', now);
  if (input.state === 'deactivated') q.where('profile_shares.isActive', false);
  if (input.owner) whereContains(q, ['lower(owner.full_name)', 'owner.username_lower'], input.owner);
  if (input.q) whereSearch(q, input.q);
  return q;
}

const withOwner = (q: ShareQuery) => q.select('profile_shares.*', 'owner.fullName as ownerName', 'owner.username as ownerUsername');

async function presentShares(db: Knex, rows: ListedShare[], now: number) {
  const ids = rows.map((r) => r.id);
  const tallies = await shareViewTallies(db, ids);
  const recent = await recentShareViews(db, ids, RECENT_VIEWS);
  return rows.map((r) => ({
    id: r.id,
    codePrefix: r.shareCode.slice(0, CODE_PREFIX_LENGTH),
    profileId: r.profileId,
    owner: { id: r.userId, fullName: r.ownerName, username: r.ownerUsername },
    createdAt: isoOrNull(r.createdAt),
    expiresAt: isoOrNull(r.expiresAt),
    accessCount: r.accessCount,
    state: shareState(r, now),
    deactivationReason: r.deactivationReason ?? null,
    recordedViews: tallies.get(r.id)?.count ?? 0,
    recentViews: (recent.get(r.id) ?? []).map((at) => isoOrNull(at) as string),
  }));
}

/** Share-link audit: list, CSV export, deactivate. */
export function shareRoutes(router: AppRouter) {
  router.get('/shares', async (ctx) => {
    const input = parse(shareListSchema, ctx.query);
    const now = Date.now();
    const db = ctx.services.db;
    const filtered = filteredShares(db, input, now);
    const present = (rows: ProfileShare[]) => presentShares(db, rows as ListedShare[], now);
    const { sort } = input;
    ctx.set('Cache-Control', 'no-store');
    if (sort === 'owner') ctx.body = await paginateCollated(filtered, input, { id: 'profile_shares.id', text: 'owner.fullName' }, withOwner, present);
    else ctx.body = await paginate(filtered, input, (q) => withOwner(q.orderBy(SORT_COLUMN[sort], input.dir).orderBy('profile_shares.id', 'desc')), present);
  });

  router.get('/shares.csv', async (ctx) => {
    const input = parse(shareListSchema, ctx.query);
    const now = Date.now();
    const db = ctx.services.db;
    const sortColumn = input.sort === 'owner' ? 'owner.fullName' : SORT_COLUMN[input.sort];
    const rows = (await withOwner(filteredShares(db, input, now).orderBy(sortColumn, input.dir).orderBy('profile_shares.id', 'desc').limit(100_000))) as ListedShare[];
    const lines = [['id', 'code_prefix', 'profile_id', 'owner', 'owner_username', 'created', 'expires', 'views', 'recorded_views', 'last_viewed', 'state'].join(',')];
    const views = await shareViewTallies(db, rows.map((r) => r.id));
    for (const r of rows) {
      const v = views.get(r.id);
      lines.push(
        [r.id, r.shareCode.slice(0, CODE_PREFIX_LENGTH), r.profileId, r.ownerName, r.ownerUsername, isoOrNull(r.createdAt), isoOrNull(r.expiresAt), r.accessCount, v?.count ?? 0, v ? isoOrNull(v.lastAt) : '', shareState(r, now)]
          .map(csvCell)
          .join(','),
      );
    }
    await auditFrom(ctx, 'shares.export', 'profile_share', null, { rows: rows.length });
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="share-links-${new Date().toISOString().slice(0, 10)}.csv"`);
    ctx.body = `${lines.join('\n')}\n`;
  });

  // The owner is told, in the app and by email, with the reviewer's reason: a link they handed out stopped working.
  router.post('/shares/:id/deactivate', async (ctx) => {
    const id = idParam(ctx.params.id);
    const { reason } = parse(shareDeactivateSchema, requestBody(ctx));
    const share = await ctx.services.db.transaction(async (trx) => {
      const found = await ProfileShare.query(trx).findById(id).select('userId', 'isActive');
      if (!found) throw notFound('Share link not found');
      if (!found.isActive) throw conflict('This share link is already deactivated');
      await ProfileShare.query(trx).findById(id).patch({ isActive: false, deactivatedAt: Date.now(), deactivatedBy: currentUser(ctx).id, deactivationReason: reason });
      await auditFrom(ctx, 'share.deactivate', 'profile_share', id, { reason }, { db: trx, subjectUserId: found.userId });
      return found;
    });
    await notify(ctx.services, { userId: share.userId, type: 'other', ...worded({ id: 'server.notification.shareRevokedTitle' }, { id: 'server.notification.shareRevokedText', values: { reason } }), sourceType: 'profile_share', sourceId: id });
    await mailShareRevoked(ctx.services.config, ctx.services.db, share.userId, reason);
    ctx.body = { message: 'Share link deactivated; its owner was told why', id };
  });
}
