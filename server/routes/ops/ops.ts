import { isoOrNull } from '../../presenters/user';
import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import {
  auditListSchema,
  createReviewerSchema,
  listPageSchema,
  memberListSchema,
  reportActionSchema,
  shareListSchema,
  storySchema,
  suspendSchema,
  verificationDecisionSchema,
} from '../../../contracts/ops';
import { type AppContext, newRouter } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { currentUser, requireAdmin, requireStaff } from '../../middleware/auth';
import { endSessionsOfUser } from '../../middleware/session-store';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { Photo } from '../../models/photo';
import { effectiveTier } from '../../policies/tier';
import { createAccount, takenField } from '../../services/accounts';
import { auditFrom } from '../../services/audit';
import { notify } from '../../services/notifications';
import { deleteImageFiles, photoUrl, storeImage } from '../../services/photos';
import { removeTempFiles, uploadMiddleware, uploadedFiles } from '../photos/photos';

const DAY_MS = 86_400_000;


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

async function removeVerificationImages(ctx: AppContext, request: { selfiePhotoId: number | null; documentPhotoId: number | null }): Promise<void> {
  const ids = [request.selfiePhotoId, request.documentPhotoId].filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return;
  const photos = await ctx.services.db('photos').whereIn('id', ids).select('id', 'fileKey');
  await ctx.services.db('verification_requests').whereIn('selfiePhotoId', ids).update({ selfiePhotoId: null });
  await ctx.services.db('verification_requests').whereIn('documentPhotoId', ids).update({ documentPhotoId: null });
  await ctx.services.db('photos').whereIn('id', ids).delete();
  for (const p of photos) await deleteImageFiles(ctx.services.config.dataDir, p.fileKey);
}

function sharesQuery(db: Knex, input: ReturnType<typeof shareListSchema.parse>, now: number) {
  const q = db('profile_shares').join('users as owner', 'owner.id', 'profile_shares.userId');
  if (input.state === 'active') q.where('profile_shares.isActive', true).where('profile_shares.expiresAt', '>', now);
  if (input.state === 'expired') q.where('profile_shares.isActive', true).where('profile_shares.expiresAt', '<=', now);
  if (input.state === 'deactivated') q.where('profile_shares.isActive', false);
  if (input.owner) {
    const like = `%${input.owner.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q.where((w) => w.whereRaw("lower(owner.full_name) LIKE ? ESCAPE '\\'", [like]).orWhereRaw("owner.username_lower LIKE ? ESCAPE '\\'", [like]));
  }
  return q;
}

/** The reviewers' console API. Every route needs a reviewer or admin; every action is audited. */
export function opsRoutes() {
  const router = newRouter('/api/ops');
  router.use(requireStaff);

  // ---- Identity verification -------------------------------------------------------------------------
  router.get('/verifications', async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    const status = input.status ?? 'pending';
    const db = ctx.services.db;
    const base = db('verification_requests').where('verification_requests.status', status);
    const total = Number((await base.clone().count({ n: '*' }).first())?.n ?? 0);
    const rows = await base
      .clone()
      .join('users', 'users.id', 'verification_requests.userId')
      .orderBy('verification_requests.createdAt', status === 'pending' ? 'asc' : 'desc')
      .offset((input.page - 1) * input.pageSize)
      .limit(input.pageSize)
      .select('verification_requests.*', 'users.fullName', 'users.username', 'users.email');
    const items = [];
    for (const r of rows) {
      const photos = r.selfiePhotoId || r.documentPhotoId ? await db('photos').whereIn('id', [r.selfiePhotoId, r.documentPhotoId].filter(Boolean)) : [];
      const profile = await db('profiles').where({ userId: r.userId, isDeleted: false }).first('id');
      const profilePhotos = profile ? await db('photos').where({ profileId: profile.id, purpose: 'profile' }).orderBy('position') : [];
      items.push({
        id: r.id,
        status: r.status,
        documentType: r.documentType,
        createdAt: isoOrNull(r.createdAt),
        decidedAt: isoOrNull(r.decidedAt),
        rejectionReason: r.rejectionReason,
        user: { id: r.userId, fullName: r.fullName, username: r.username, email: r.email },
        selfieUrl: photos.find((p) => p.id === r.selfiePhotoId) ? photoUrl(photos.find((p) => p.id === r.selfiePhotoId).fileKey) : null,
        documentUrl: photos.find((p) => p.id === r.documentPhotoId) ? photoUrl(photos.find((p) => p.id === r.documentPhotoId).fileKey) : null,
        profilePhotos: profilePhotos.map((p) => photoUrl(p.fileKey)),
      });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { items, total, page: input.page, pageSize: input.pageSize };
  });

  router.post('/verifications/:id/approve', async (ctx) => {
    const reviewer = currentUser(ctx);
    const id = idParam(ctx.params.id);
    const db = ctx.services.db;
    const request = await db('verification_requests').where({ id }).first();
    if (!request) throw notFound('Verification request not found');
    if (request.status !== 'pending') throw conflict('This request was already decided');
    const now = Date.now();
    await db.transaction(async (trx: Knex.Transaction) => {
      await trx('verification_requests').where({ id }).update({ status: 'approved', reviewerId: reviewer.id, decidedAt: now });
      await trx('users').where({ id: request.userId }).update({ isVerified: true, updatedAt: now });
      await trx('identity_verifications').insert({ userId: request.userId, requestId: id, method: 'document_and_selfie', documentType: request.documentType, reviewerId: reviewer.id, verifiedAt: now });
    });
    await removeVerificationImages(ctx, request);
    await notify(ctx.services, { userId: request.userId, type: 'verification', title: 'You are verified!', content: 'Your identity has been verified. The Verified badge now shows on your profile.', sourceType: 'verification', sourceId: id });
    await auditFrom(ctx, 'verification.approve', 'verification_request', id, { userId: request.userId });
    ctx.body = { message: 'Verification approved', id };
  });

  router.post('/verifications/:id/reject', async (ctx) => {
    const reviewer = currentUser(ctx);
    const id = idParam(ctx.params.id);
    const { reason } = parse(verificationDecisionSchema, requestBody(ctx));
    const db = ctx.services.db;
    const request = await db('verification_requests').where({ id }).first();
    if (!request) throw notFound('Verification request not found');
    if (request.status !== 'pending') throw conflict('This request was already decided');
    await db('verification_requests').where({ id }).update({ status: 'rejected', rejectionReason: reason, reviewerId: reviewer.id, decidedAt: Date.now() });
    await removeVerificationImages(ctx, request);
    await notify(ctx.services, { userId: request.userId, type: 'verification', title: 'Verification not approved', content: `Reason: ${reason}. You can submit new photos from your profile.`, sourceType: 'verification', sourceId: id });
    await auditFrom(ctx, 'verification.reject', 'verification_request', id, { userId: request.userId, reason });
    ctx.body = { message: 'Verification rejected', id };
  });

  // ---- Success stories ---------------------------------------------------------------------------------
  router.get('/members/lookup', async (ctx) => {
    const q = String(ctx.query.q ?? '').trim().toLowerCase();
    if (q.length < 2) {
      ctx.body = [];
      return;
    }
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = await ctx.services.db('users')
      .where({ role: 'member', isDeleted: false })
      .where((w) => w.whereRaw("lower(full_name) LIKE ? ESCAPE '\\'", [like]).orWhereRaw("username_lower LIKE ? ESCAPE '\\'", [like]))
      .orderBy('fullName')
      .limit(20)
      .select('id', 'fullName', 'username');
    ctx.body = rows;
  });

  const presentStory = async (ctx: AppContext, s: Record<string, unknown>) => {
    const names = await ctx.services.db('users').whereIn('id', [s.user1Id, s.user2Id].filter(Boolean) as number[]).select('id', 'fullName', 'username');
    const keys: string[] = typeof s.photoKeys === 'string' ? JSON.parse(s.photoKeys) : [];
    return {
      id: s.id,
      user1: names.find((n) => n.id === s.user1Id) ?? null,
      user2: names.find((n) => n.id === s.user2Id) ?? null,
      matchDate: s.matchDate,
      marriageDate: s.marriageDate,
      location: s.location,
      testimonial: s.testimonial,
      photos: keys.map((k) => photoUrl(k)),
      isPublished: Boolean(Number(s.isPublished)),
      sortOrder: s.sortOrder,
      publishedAt: isoOrNull(s.publishedAt),
      createdAt: isoOrNull(s.createdAt),
      updatedAt: isoOrNull(s.updatedAt),
    };
  };

  router.get('/stories', async (ctx) => {
    const rows = await ctx.services.db('success_stories').orderBy('sortOrder').orderBy('id', 'desc');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await Promise.all(rows.map((r) => presentStory(ctx, r)));
  });

  const checkCouple = async (ctx: AppContext, user1Id: number, user2Id: number) => {
    if (user1Id === user2Id) throw badRequest('Choose two different members');
    const found = await ctx.services.db('users').whereIn('id', [user1Id, user2Id]).where({ role: 'member', isDeleted: false }).count({ n: '*' }).first();
    if (Number(found?.n) !== 2) throw badRequest('Both members must be existing members');
  };

  router.post('/stories', async (ctx) => {
    const input = parse(storySchema, requestBody(ctx));
    await checkCouple(ctx, input.user1Id, input.user2Id);
    const now = Date.now();
    const [row] = await ctx.services.db('success_stories')
      .insert({ ...input, marriageDate: input.marriageDate ?? null, location: input.location ?? null, photoKeys: '[]', isPublished: false, createdBy: currentUser(ctx).id, createdAt: now, updatedAt: now })
      .returning('id');
    const id = typeof row === 'object' ? (row as { id: number }).id : (row as number);
    await auditFrom(ctx, 'story.create', 'success_story', id);
    ctx.status = 201;
    ctx.body = await presentStory(ctx, await ctx.services.db('success_stories').where({ id }).first());
  });

  router.patch('/stories/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    const existing = await ctx.services.db('success_stories').where({ id }).first();
    if (!existing) throw notFound('Story not found');
    const input = parse(storySchema.partial(), requestBody(ctx));
    if (input.user1Id || input.user2Id) await checkCouple(ctx, input.user1Id ?? existing.user1Id, input.user2Id ?? existing.user2Id);
    await ctx.services.db('success_stories').where({ id }).update({ ...input, updatedAt: Date.now() });
    await auditFrom(ctx, 'story.update', 'success_story', id, { fields: Object.keys(input) });
    ctx.body = await presentStory(ctx, await ctx.services.db('success_stories').where({ id }).first());
  });

  for (const [action, published] of [['publish', true], ['unpublish', false]] as const) {
    router.post(`/stories/:id/${action}`, async (ctx) => {
      const id = idParam(ctx.params.id);
      const updated = await ctx.services.db('success_stories').where({ id }).update({ isPublished: published, publishedAt: published ? Date.now() : null, updatedAt: Date.now() });
      if (!updated) throw notFound('Story not found');
      await auditFrom(ctx, `story.${action}`, 'success_story', id);
      ctx.body = await presentStory(ctx, await ctx.services.db('success_stories').where({ id }).first());
    });
  }

  router.post('/stories/:id/photos', uploadMiddleware(1), async (ctx) => {
    const id = idParam(ctx.params.id);
    try {
      const story = await ctx.services.db('success_stories').where({ id }).first();
      if (!story) throw notFound('Story not found');
      const keys: string[] = JSON.parse(story.photoKeys ?? '[]');
      if (keys.length >= 2) throw conflict('A story has at most 2 photos');
      const file = uploadedFiles(ctx).photo;
      if (!file) throw badRequest('Choose a photo to upload (field "photo")');
      const image = await storeImage(ctx.services.config.dataDir, await fs.readFile(file.filepath), { mimetype: file.mimetype, filename: file.originalFilename });
      await Photo.query(ctx.services.db).insert({ userId: null, profileId: null, purpose: 'story', position: keys.length, ...image, createdAt: Date.now() });
      keys.push(image.fileKey);
      await ctx.services.db('success_stories').where({ id }).update({ photoKeys: JSON.stringify(keys), updatedAt: Date.now() });
      await auditFrom(ctx, 'story.photo', 'success_story', id);
      ctx.status = 201;
      ctx.body = await presentStory(ctx, await ctx.services.db('success_stories').where({ id }).first());
    } finally {
      await removeTempFiles(ctx);
    }
  });

  // ---- Share links -------------------------------------------------------------------------------------
  const shareSort = { views: 'profile_shares.accessCount', created: 'profile_shares.createdAt', expires: 'profile_shares.expiresAt' } as const;

  router.get('/shares', async (ctx) => {
    const input = parse(shareListSchema, ctx.query);
    const now = Date.now();
    const q = sharesQuery(ctx.services.db, input, now);
    const total = Number((await q.clone().count({ n: '*' }).first())?.n ?? 0);
    const rows = await q
      .clone()
      .orderBy(shareSort[input.sort], input.dir)
      .orderBy('profile_shares.id', 'desc')
      .offset((input.page - 1) * input.pageSize)
      .limit(input.pageSize)
      .select('profile_shares.*', 'owner.fullName as ownerName', 'owner.username as ownerUsername');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      items: rows.map((r) => ({
        id: r.id, profileId: r.profileId, owner: { id: r.userId, fullName: r.ownerName, username: r.ownerUsername },
        createdAt: isoOrNull(r.createdAt), expiresAt: isoOrNull(r.expiresAt), accessCount: r.accessCount, state: shareState(r, now),
      })),
      total, page: input.page, pageSize: input.pageSize,
    };
  });

  router.get('/shares.csv', async (ctx) => {
    const input = parse(shareListSchema, ctx.query);
    const now = Date.now();
    const rows = await sharesQuery(ctx.services.db, input, now)
      .orderBy(shareSort[input.sort], input.dir)
      .limit(100_000)
      .select('profile_shares.*', 'owner.fullName as ownerName', 'owner.username as ownerUsername');
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
    const updated = await ctx.services.db('profile_shares').where({ id }).update({ isActive: false, deactivatedAt: Date.now(), deactivatedBy: currentUser(ctx).id });
    if (!updated) throw notFound('Share link not found');
    await auditFrom(ctx, 'share.deactivate', 'profile_share', id);
    ctx.body = { message: 'Share link deactivated', id };
  });

  // ---- Reports and members -----------------------------------------------------------------------------
  router.get('/reports', async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    const db = ctx.services.db;
    const q = db('reports').where('reports.status', input.status ?? 'open');
    const total = Number((await q.clone().count({ n: '*' }).first())?.n ?? 0);
    const rows = await q
      .clone()
      .leftJoin('users as reporter', 'reporter.id', 'reports.reporterId')
      .join('users as reported', 'reported.id', 'reports.reportedUserId')
      .orderBy('reports.createdAt', 'asc')
      .offset((input.page - 1) * input.pageSize)
      .limit(input.pageSize)
      .select('reports.*', 'reporter.fullName as reporterName', 'reported.fullName as reportedName', 'reported.status as reportedStatus');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      items: rows.map((r) => ({
        id: r.id, reason: r.reason, details: r.details, status: r.status, createdAt: isoOrNull(r.createdAt), handledAt: isoOrNull(r.handledAt),
        reporter: r.reporterId ? { id: r.reporterId, fullName: r.reporterName } : null,
        reported: { id: r.reportedUserId, fullName: r.reportedName, status: r.reportedStatus, profileId: r.reportedProfileId },
      })),
      total, page: input.page, pageSize: input.pageSize,
    };
  });

  const suspendMember = async (ctx: AppContext, userId: number, reason: string) => {
    const db = ctx.services.db;
    const member = await db('users').where({ id: userId, role: 'member', isDeleted: false }).first('id');
    if (!member) throw notFound('Member not found');
    await db('users').where({ id: userId }).update({ status: 'suspended', updatedAt: Date.now() });
    await endSessionsOfUser(db, userId);
    ctx.services.live.publish({ userId, kind: 'presence', payload: { suspended: true } });
    await auditFrom(ctx, 'member.suspend', 'user', userId, { reason });
  };

  for (const action of ['dismiss', 'warn', 'suspend'] as const) {
    router.post(`/reports/:id/${action}`, async (ctx) => {
      const id = idParam(ctx.params.id);
      const { note } = parse(reportActionSchema, requestBody(ctx) ?? {});
      const db = ctx.services.db;
      const report = await db('reports').where({ id }).first();
      if (!report) throw notFound('Report not found');
      if (report.status !== 'open') throw conflict('This report was already handled');
      const status = action === 'dismiss' ? 'dismissed' : action === 'warn' ? 'warned' : 'suspended';
      await db('reports').where({ id }).update({ status, handledBy: currentUser(ctx).id, handledAt: Date.now(), resolutionNote: note ?? null });
      if (action === 'warn') {
        await notify(ctx.services, { userId: report.reportedUserId, type: 'other', title: 'A warning from the Saathi team', content: note || 'Your behaviour was reported by another member. Please follow our community guidelines; repeated reports lead to suspension.' });
      }
      if (action === 'suspend') await suspendMember(ctx, report.reportedUserId, note || `report #${id}`);
      await auditFrom(ctx, `report.${action}`, 'report', id, { reportedUserId: report.reportedUserId });
      ctx.body = { message: `Report ${status}`, id, status };
    });
  }

  router.get('/members', async (ctx) => {
    const input = parse(memberListSchema, ctx.query);
    const db = ctx.services.db;
    const q = db('users').where({ role: 'member', isDeleted: false });
    if (input.q) {
      const like = `%${input.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.where((w) => w.whereRaw("lower(full_name) LIKE ? ESCAPE '\\'", [like]).orWhereRaw("username_lower LIKE ? ESCAPE '\\'", [like]).orWhereRaw("email_lower LIKE ? ESCAPE '\\'", [like]));
    }
    if (input.tier) q.where({ subscriptionTier: input.tier });
    if (input.verified) q.where({ isVerified: input.verified === 'true' });
    if (input.status) q.where({ status: input.status });
    const total = Number((await q.clone().count({ n: '*' }).first())?.n ?? 0);
    const rows = await q
      .clone()
      .orderBy(input.sort === 'name' ? 'fullName' : 'createdAt', input.dir)
      .orderBy('id', 'desc')
      .offset((input.page - 1) * input.pageSize)
      .limit(input.pageSize)
      .select('id', 'fullName', 'username', 'email', 'subscriptionTier', 'subscriptionEnds', 'isVerified', 'status', 'createdAt');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      items: rows.map((r) => ({
        id: r.id, fullName: r.fullName, username: r.username, email: r.email,
        tier: effectiveTier({ subscriptionTier: r.subscriptionTier, subscriptionEnds: r.subscriptionEnds === null ? null : Number(r.subscriptionEnds) }),
        isVerified: Boolean(Number(r.isVerified)), status: r.status, registeredAt: isoOrNull(r.createdAt),
      })),
      total, page: input.page, pageSize: input.pageSize,
    };
  });

  router.post('/members/:id/suspend', async (ctx) => {
    const id = idParam(ctx.params.id);
    const { reason } = parse(suspendSchema, requestBody(ctx));
    await suspendMember(ctx, id, reason);
    ctx.body = { message: 'Member suspended', id };
  });

  router.post('/members/:id/restore', async (ctx) => {
    const id = idParam(ctx.params.id);
    const updated = await ctx.services.db('users').where({ id, role: 'member', isDeleted: false }).update({ status: 'active', updatedAt: Date.now() });
    if (!updated) throw notFound('Member not found');
    await auditFrom(ctx, 'member.restore', 'user', id);
    ctx.body = { message: 'Member restored', id };
  });

  // ---- Inbox -------------------------------------------------------------------------------------------
  router.get('/inbox/contact', async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    const q = ctx.services.db('contact_messages');
    if (input.status === 'open') q.whereNull('handledAt');
    if (input.status === 'handled') q.whereNotNull('handledAt');
    const total = Number((await q.clone().count({ n: '*' }).first())?.n ?? 0);
    const rows = await q.clone().orderBy('createdAt', 'desc').offset((input.page - 1) * input.pageSize).limit(input.pageSize);
    ctx.body = { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, subject: r.subject, message: r.message, createdAt: isoOrNull(r.createdAt), handledAt: isoOrNull(r.handledAt) })), total, page: input.page, pageSize: input.pageSize };
  });

  router.get('/inbox/outbox', async (ctx) => {
    const input = parse(listPageSchema, ctx.query);
    const q = ctx.services.db('email_outbox');
    if (input.status === 'open') q.whereNull('handledAt');
    if (input.status === 'handled') q.whereNotNull('handledAt');
    const total = Number((await q.clone().count({ n: '*' }).first())?.n ?? 0);
    const rows = await q.clone().orderBy('createdAt', 'desc').offset((input.page - 1) * input.pageSize).limit(input.pageSize);
    ctx.body = {
      items: rows.map((r) => ({ id: r.id, to: r.toEmail, subject: r.subject, body: r.bodyText, kind: r.kind, sentAt: isoOrNull(r.sentAt), error: r.error, createdAt: isoOrNull(r.createdAt), handledAt: isoOrNull(r.handledAt) })),
      total, page: input.page, pageSize: input.pageSize,
    };
  });

  for (const [kind, table] of [['contact', 'contact_messages'], ['outbox', 'email_outbox']] as const) {
    router.post(`/inbox/${kind}/:id/handled`, async (ctx) => {
      const id = idParam(ctx.params.id);
      const updated = await ctx.services.db(table).where({ id }).whereNull('handledAt').update({ handledAt: Date.now(), handledBy: currentUser(ctx).id });
      if (!updated) throw notFound('Message not found or already handled');
      await auditFrom(ctx, `inbox.${kind}.handled`, table, id);
      ctx.body = { message: 'Marked as handled', id };
    });
  }

  // ---- Dashboard ---------------------------------------------------------------------------------------
  router.get('/dashboard', async (ctx) => {
    const db = ctx.services.db;
    const now = Date.now();
    const today = Math.floor(now / DAY_MS);
    const since = (today - 29) * DAY_MS;
    const count = async (q: Knex.QueryBuilder) => Number((await q.count({ n: '*' }).first())?.n ?? 0);
    const perDay = async (table: string, column: string, where?: (q: Knex.QueryBuilder) => void) => {
      const q = db(table).where(column, '>=', since);
      if (where) where(q);
      const rows = await q.select(db.raw(`${column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)} / ${DAY_MS} as day`)).count({ n: '*' }).groupBy('day');
      const byDay = new Map((rows as Array<{ day: unknown; n: unknown }>).map((r) => [Number(r.day), Number(r.n)]));
      return Array.from({ length: 30 }, (_, i) => {
        const day = today - 29 + i;
        return { date: new Date(day * DAY_MS).toISOString().slice(0, 10), count: byDay.get(day) ?? 0 };
      });
    };
    const tierRows = await db('users').where({ role: 'member', isDeleted: false }).select('subscriptionTier', 'subscriptionEnds');
    const byTier = { tryme: 0, premium: 0, elite: 0 };
    for (const r of tierRows) byTier[effectiveTier({ subscriptionTier: r.subscriptionTier, subscriptionEnds: r.subscriptionEnds === null ? null : Number(r.subscriptionEnds) })] += 1;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      tiles: {
        members: tierRows.length,
        verifiedMembers: await count(db('users').where({ role: 'member', isDeleted: false, isVerified: true })),
        pendingVerifications: await count(db('verification_requests').where({ status: 'pending' })),
        openReports: await count(db('reports').where({ status: 'open' })),
        activeShares: await count(db('profile_shares').where({ isActive: true }).where('expiresAt', '>', now)),
        unhandledContact: await count(db('contact_messages').whereNull('handledAt')),
      },
      membersByTier: byTier,
      registrationsPerDay: await perDay('users', 'createdAt', (q) => q.where({ role: 'member' })),
      verificationDecisionsPerDay: await perDay('verification_requests', 'decidedAt', (q) => q.whereNotNull('decidedAt')),
      shareViewsPerDay: await perDay('share_views', 'createdAt'),
      moodCheckInsPerDay: await perDay('user_moods', 'createdAt'),
    };
  });

  // ---- Audit log (read-only) ---------------------------------------------------------------------------
  router.get('/audit', async (ctx) => {
    const input = parse(auditListSchema, ctx.query);
    const q = ctx.services.db('audit_log').leftJoin('users', 'users.id', 'audit_log.actorUserId');
    if (input.action) q.where('audit_log.action', 'like', `${input.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (input.actor) q.where('audit_log.actorUserId', input.actor);
    if (input.targetType) q.where('audit_log.targetType', input.targetType);
    const total = Number((await q.clone().count({ n: '*' }).first())?.n ?? 0);
    const rows = await q
      .clone()
      .orderBy('audit_log.createdAt', 'desc')
      .orderBy('audit_log.id', 'desc')
      .offset((input.page - 1) * input.pageSize)
      .limit(input.pageSize)
      .select('audit_log.*', 'users.fullName as actorName');
    ctx.body = {
      items: rows.map((r) => ({
        id: r.id, actor: r.actorUserId ? { id: r.actorUserId, fullName: r.actorName, role: r.actorRole } : { id: null, fullName: r.actorRole === 'cli' ? 'Command line' : 'System', role: r.actorRole },
        action: r.action, targetType: r.targetType, targetId: r.targetId, details: r.details ? JSON.parse(r.details) : null, createdAt: isoOrNull(r.createdAt),
      })),
      total, page: input.page, pageSize: input.pageSize,
    };
  });

  // ---- Reviewers (admins only) -------------------------------------------------------------------------
  router.get('/reviewers', requireAdmin, async (ctx) => {
    const rows = await ctx.services.db('users').whereIn('role', ['reviewer', 'admin']).where({ isDeleted: false }).orderBy('createdAt').select('id', 'fullName', 'username', 'email', 'role', 'status', 'createdAt');
    ctx.body = rows.map((r) => ({ ...r, createdAt: isoOrNull(r.createdAt) }));
  });

  router.post('/reviewers', requireAdmin, async (ctx) => {
    const input = parse(createReviewerSchema, requestBody(ctx));
    const taken = await takenField(ctx.services.db, input.username, input.email);
    if (taken) throw conflict(taken === 'username' ? 'Username already exists' : 'Email already registered', { field: taken });
    const user = await createAccount(
      ctx.services.db,
      { fullName: input.fullName, username: input.username, email: input.email.toLowerCase(), password: input.password, role: input.role },
      { scryptCost: ctx.services.config.scryptCost, firstFreePremium: ctx.services.config.firstFreePremium, countRegistration: false },
    );
    await auditFrom(ctx, 'reviewer.create', 'user', user.id, { username: input.username, role: input.role });
    ctx.status = 201;
    ctx.body = { id: user.id, fullName: user.fullName, username: user.username, email: user.email, role: user.role };
  });

  return router;
}
