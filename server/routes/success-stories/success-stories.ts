import fs from 'node:fs/promises';
import type { Next } from 'koa';
import { STORY_MAX_PHOTOS, memberStorySchema, memberStoryUpdateSchema, storyAnswerSchema } from '../../../contracts/stories';
import { type AppContext, newRouter } from '../../context';
import { badRequest, forbidden, notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { type IncomingPhoto, addStoryPhoto, editStory, ownStory, removeStoryPhoto, storiesOf, submitStory } from '../../services/member-stories';
import { answerConsentInApp } from '../../services/story-consent';
import { type UploadedFile, removeTempFiles, uploadMiddleware } from '../photos/photos';

/** The files of a multipart request, every one of them (a field may carry several). */
async function incomingPhotos(ctx: AppContext): Promise<IncomingPhoto[]> {
  const files = (ctx.request as unknown as { files?: Record<string, UploadedFile | UploadedFile[]> }).files ?? {};
  const all = Object.values(files).flat();
  return Promise.all(all.map(async (f) => ({ bytes: await fs.readFile(f.filepath), mimetype: f.mimetype, filename: f.originalFilename })));
}

/** A story may come as JSON (no photos) or as a multipart form with up to two photos. */
function optionalUpload(maxFiles: number) {
  const upload = uploadMiddleware(maxFiles);
  return (ctx: AppContext, next: Next) => (ctx.is('multipart/form-data') ? upload(ctx, next) : next());
}

/** The story in the path is one of the member's own (else 404), checked before the body is read or a file received. */
async function ownStoryInPath(ctx: AppContext, next: Next) {
  await ownStory(ctx.services.db, currentUser(ctx).id, idParam(ctx.params.id));
  await next();
}

/** A family member acting for the candidate cannot agree to a story in their name. */
function refuseFamily(ctx: AppContext) {
  if (ctx.state.actingFamily) throw forbidden('Only the member themself can share or change their success story');
}

/**
 * Members' own success stories: submit one with a match, read one's stories, change the text or photos (each change
 * asks the other member again), and answer in the app. Publishing stays with the team (ops stories).
 */
export function memberStoryRoutes() {
  const router = newRouter('/api/success-stories');
  router.use(requireUser);

  router.get('/mine', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await storiesOf(ctx.services.db, currentUser(ctx).id);
  });

  router.post('/', optionalUpload(STORY_MAX_PHOTOS + 1), async (ctx) => {
    try {
      refuseFamily(ctx);
      const input = parse(memberStorySchema, requestBody(ctx));
      const photos = await incomingPhotos(ctx);
      const id = await submitStory(ctx, currentUser(ctx), input, photos);
      ctx.status = 201;
      ctx.body = (await storiesOf(ctx.services.db, currentUser(ctx).id)).find((s) => s.id === id);
    } finally {
      await removeTempFiles(ctx);
    }
  });

  router.patch('/:id', ownStoryInPath, async (ctx) => {
    refuseFamily(ctx);
    const id = idParam(ctx.params.id);
    const changes = parse(memberStoryUpdateSchema, requestBody(ctx));
    await editStory(ctx, currentUser(ctx), id, changes);
    ctx.body = await presentOne(ctx, id);
  });

  router.post('/:id/photos', ownStoryInPath, uploadMiddleware(1), async (ctx) => {
    try {
      refuseFamily(ctx);
      const id = idParam(ctx.params.id);
      const [photo] = await incomingPhotos(ctx);
      if (!photo) throw badRequest('Choose a photo to upload (field "photo")');
      await addStoryPhoto(ctx, currentUser(ctx), id, photo);
      ctx.status = 201;
      ctx.body = await presentOne(ctx, id);
    } finally {
      await removeTempFiles(ctx);
    }
  });

  router.delete('/:id/photos/:fileKey', ownStoryInPath, async (ctx) => {
    refuseFamily(ctx);
    const id = idParam(ctx.params.id);
    await removeStoryPhoto(ctx, currentUser(ctx), id, ctx.params.fileKey ?? '');
    ctx.body = await presentOne(ctx, id);
  });

  // The answer from inside the app, where the member already is: the same as the emailed link's.
  router.post('/:id/consent', ownStoryInPath, async (ctx) => {
    refuseFamily(ctx);
    const id = idParam(ctx.params.id);
    const { answer } = parse(storyAnswerSchema, requestBody(ctx));
    await answerConsentInApp(ctx.services.db, id, currentUser(ctx).id, answer);
    ctx.body = await presentOne(ctx, id);
  });

  return router;
}

async function presentOne(ctx: AppContext, id: number) {
  const story = (await storiesOf(ctx.services.db, currentUser(ctx).id)).find((s) => s.id === id);
  if (!story) throw notFound('Story not found');
  return story;
}
