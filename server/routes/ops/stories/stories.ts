import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import { storySchema, storyUpdateSchema } from '../../../../contracts/ops';
import type { AppContext, AppRouter } from '../../../context';
import { badRequest, conflict, notFound } from '../../../errors';
import { currentUser } from '../../../middleware/auth';
import { idParam, parse, requestBody } from '../../../middleware/validate';
import { StoryConsent } from '../../../models/activity';
import { SuccessStory } from '../../../models/engagement';
import { Photo } from '../../../models/photo';
import { User } from '../../../models/user';
import { isoOrNull } from '../../../presenters/user';
import { auditFrom } from '../../../services/audit';
import { deleteImageFiles, photoUrl, storeImage } from '../../../services/photos';
import { askAgainAfterChange, bothAccepted, consentsOf, requestConsent } from '../../../services/story-consent';
import { removeTempFiles, uploadMiddleware, uploadedFiles } from '../../photos/photos';
import { whereContains } from '../lib/search';

/** What the members agree to: a change to any of these (or to the photos) asks them again. */
const CONTENT_FIELDS = ['matchDate', 'marriageDate', 'location', 'testimonial'] as const;

function actorOf(ctx: AppContext) {
  const user = currentUser(ctx);
  return { actorUserId: user.id, actorRole: user.role, ip: ctx.ip, requestId: ctx.state.requestId ?? null };
}

/** Stories with both members' names, loaded in one query for all of them. */
async function presentStories(db: Knex, stories: SuccessStory[]) {
  const ids = [...new Set(stories.flatMap((s) => [s.user1Id, s.user2Id]).filter((id): id is number => id !== null))];
  const names = ids.length ? await User.query(db).whereIn('id', ids).select('id', 'fullName', 'username') : [];
  const nameOf = (id: number | null) => {
    const user = names.find((n) => n.id === id);
    return user ? { id: user.id, fullName: user.fullName, username: user.username } : null;
  };
  const consents = await consentsOf(db, stories.map((s) => s.id));
  const consentOf = (storyId: number, userId: number | null) => {
    const consent = userId ? consents.get(storyId)?.get(userId) : undefined;
    return consent ? { status: consent.status, requestedAt: isoOrNull(consent.requestedAt), respondedAt: isoOrNull(consent.respondedAt) } : null;
  };
  return stories.map((s) => {
    const keys = s.photoKeys ?? [];
    return {
      id: s.id,
      user1: nameOf(s.user1Id),
      user2: nameOf(s.user2Id),
      /** Each member's answer to the request to publish (null: not asked yet). */
      consent: { user1: consentOf(s.id, s.user1Id), user2: consentOf(s.id, s.user2Id) },
      /** The member who wrote it (null: the team did). */
      submittedBy: s.createdBy !== null && (s.createdBy === s.user1Id || s.createdBy === s.user2Id) ? nameOf(s.createdBy) : null,
      photoKeys: keys,
      matchDate: s.matchDate,
      marriageDate: s.marriageDate,
      location: s.location,
      testimonial: s.testimonial,
      photos: keys.map((k) => photoUrl(k)),
      isPublished: s.isPublished,
      sortOrder: s.sortOrder,
      publishedAt: isoOrNull(s.publishedAt),
      createdAt: isoOrNull(s.createdAt),
      updatedAt: isoOrNull(s.updatedAt),
    };
  });
}

async function presentStory(db: Knex, id: number) {
  const [story] = await presentStories(db, await SuccessStory.query(db).where({ id }));
  return story;
}

async function checkCouple(db: Knex, user1Id: number | null, user2Id: number | null) {
  if (user1Id === user2Id) throw badRequest('Choose two different members');
  const found = await User.query(db).whereIn('id', [user1Id, user2Id]).where({ role: 'member', isDeleted: false }).resultSize();
  if (found !== 2) throw badRequest('Both members must be existing members');
}

/** Updates a story and records the action in one transaction; 404 when there is no such story. */
async function changeStory(ctx: AppContext, id: number, fields: Partial<SuccessStory>, action: string, details?: Record<string, unknown>, also?: (trx: Knex) => Promise<void>) {
  await ctx.services.db.transaction(async (trx) => {
    const updated = await SuccessStory.query(trx).where({ id }).patch({ ...fields, updatedAt: Date.now() });
    if (!updated) throw notFound('Story not found');
    if (also) await also(trx);
    await auditFrom(ctx, action, 'success_story', id, details, { db: trx });
  });
}

/** Success-story curation: member lookup, create, edit, publish, unpublish, photos. */
export function storyRoutes(router: AppRouter) {
  router.get('/members/lookup', async (ctx) => {
    const q = String(ctx.query.q ?? '').trim();
    if (q.length < 2) {
      ctx.body = [];
      return;
    }
    const members = User.query(ctx.services.db).where({ role: 'member', isDeleted: false });
    const found = await whereContains(members, ['lower(full_name)', 'username_lower'], q).orderBy('fullName').limit(20).select('id', 'fullName', 'username');
    ctx.body = found.map((m) => ({ id: m.id, fullName: m.fullName, username: m.username }));
  });

  router.get('/stories', async (ctx) => {
    const db = ctx.services.db;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await presentStories(db, await SuccessStory.query(db).orderBy('sortOrder').orderBy('id', 'desc'));
  });

  router.post('/stories', async (ctx) => {
    const input = parse(storySchema, requestBody(ctx));
    const db = ctx.services.db;
    await checkCouple(db, input.user1Id, input.user2Id);
    const now = Date.now();
    const id = await db.transaction(async (trx) => {
      const story = await SuccessStory.query(trx).insert({
        ...input, marriageDate: input.marriageDate ?? null, location: input.location ?? null, photoKeys: [], isPublished: false, createdBy: currentUser(ctx).id, createdAt: now, updatedAt: now,
      });
      await auditFrom(ctx, 'story.create', 'success_story', story.id, undefined, { db: trx });
      return story.id;
    });
    ctx.status = 201;
    ctx.body = await presentStory(db, id);
  });

  router.patch('/stories/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    const db = ctx.services.db;
    const existing = await SuccessStory.query(db).findById(id);
    if (!existing) throw notFound('Story not found');
    const input = parse(storyUpdateSchema, requestBody(ctx));
    const coupleChanged = (input.user1Id && input.user1Id !== existing.user1Id) || (input.user2Id && input.user2Id !== existing.user2Id);
    if (coupleChanged) {
      await checkCouple(db, input.user1Id ?? existing.user1Id, input.user2Id ?? existing.user2Id);
      if (existing.isPublished) throw conflict('Unpublish the story before changing the couple');
    }
    await changeStory(ctx, id, input, 'story.update', { fields: Object.keys(input) }, async (trx) => {
      // Consent was given by the previous couple: the new one must be asked.
      if (coupleChanged) await StoryConsent.query(trx).where({ storyId: id }).delete();
    });
    // Consent is to the exact text: a change to what the members agreed to asks them again.
    if (!coupleChanged && CONTENT_FIELDS.some((f) => f in input && input[f] !== existing[f])) await askAgainAfterChange(ctx.services, actorOf(ctx), id);
    ctx.body = await presentStory(db, id);
  });

  for (const [action, published] of [['publish', true], ['unpublish', false]] as const) {
    router.post(`/stories/:id/${action}`, async (ctx) => {
      const id = idParam(ctx.params.id);
      // Both names go public: only with both members' consent.
      if (published && (await SuccessStory.query(ctx.services.db).findById(id).select('id')) && !(await bothAccepted(ctx.services.db, id))) {
        throw conflict('Both members must agree before the story is published. Ask them with "Ask the couple".');
      }
      await changeStory(ctx, id, { isPublished: published, publishedAt: published ? Date.now() : null }, `story.${action}`);
      ctx.body = await presentStory(ctx.services.db, id);
    });
  }

  router.post('/stories/:id/consent', async (ctx) => {
    const id = idParam(ctx.params.id);
    await requestConsent(ctx.services, actorOf(ctx), id);
    ctx.body = await presentStory(ctx.services.db, id);
  });

  // Drafts only: a published story is unpublished first, so deleting is never how a live page disappears.
  router.delete('/stories/:id', async (ctx) => {
    const id = idParam(ctx.params.id);
    const db = ctx.services.db;
    const fileKeys = await db.transaction(async (trx) => {
      const story = await SuccessStory.query(trx).findById(id);
      if (!story) throw notFound('Story not found');
      if (story.isPublished) throw conflict('Unpublish the story before deleting it');
      const keys = story.photoKeys ?? [];
      if (keys.length) await Photo.query(trx).whereIn('fileKey', keys).where({ purpose: 'story' }).delete();
      await SuccessStory.query(trx).deleteById(id);
      await auditFrom(ctx, 'story.delete', 'success_story', id, { couple: [story.user1Id, story.user2Id] }, { db: trx });
      return keys;
    });
    for (const key of fileKeys) await deleteImageFiles(ctx.services.media, key);
    ctx.status = 204;
  });

  router.delete('/stories/:id/photos/:fileKey', async (ctx) => {
    const id = idParam(ctx.params.id);
    const fileKey = ctx.params.fileKey ?? '';
    const db = ctx.services.db;
    await db.transaction(async (trx) => {
      const story = await SuccessStory.query(trx).findById(id);
      if (!story) throw notFound('Story not found');
      const keys = story.photoKeys ?? [];
      if (!keys.includes(fileKey)) throw notFound('That photo is not part of this story');
      await SuccessStory.query(trx).findById(id).patch({ photoKeys: keys.filter((k) => k !== fileKey), updatedAt: Date.now() });
      await Photo.query(trx).where({ fileKey, purpose: 'story' }).delete();
      await auditFrom(ctx, 'story.photo_remove', 'success_story', id, undefined, { db: trx });
    });
    await deleteImageFiles(ctx.services.media, fileKey);
    await askAgainAfterChange(ctx.services, actorOf(ctx), id);
    ctx.body = await presentStory(db, id);
  });

  router.post('/stories/:id/photos', uploadMiddleware(1), async (ctx) => {
    const id = idParam(ctx.params.id);
    const db = ctx.services.db;
    try {
      const story = await SuccessStory.query(db).findById(id);
      if (!story) throw notFound('Story not found');
      const keys = story.photoKeys ?? [];
      if (keys.length >= 2) throw conflict('A story has at most 2 photos');
      const file = uploadedFiles(ctx).photo;
      if (!file) throw badRequest('Choose a photo to upload (field "photo")');
      const image = await storeImage(ctx.services.media, await fs.readFile(file.filepath), { mimetype: file.mimetype, filename: file.originalFilename });
      await db.transaction(async (trx) => {
        await Photo.query(trx).insert({ userId: null, profileId: null, purpose: 'story', position: keys.length, ...image, createdAt: Date.now() });
        await SuccessStory.query(trx).findById(id).patch({ photoKeys: [...keys, image.fileKey], updatedAt: Date.now() });
        await auditFrom(ctx, 'story.photo', 'success_story', id, undefined, { db: trx });
      });
      await askAgainAfterChange(ctx.services, actorOf(ctx), id);
      ctx.status = 201;
      ctx.body = await presentStory(db, id);
    } finally {
      await removeTempFiles(ctx);
    }
  });
}
