import { culturalAssessmentSchema, moodPromptSchema, moodTrackerSchema } from '../../../contracts/moods';
import { type AppContext, newRouter } from '../../context';
import { notFound } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam, parse, requestBody } from '../../middleware/validate';
import { MoodPromptDismissal } from '../../models/activity';
import { CulturalAdaptationAssessment, MoodType, UserMood } from '../../models/engagement';
import { conversationStarters } from '../../services/conversation-starters';
import {
  culturalInsight,
  latestAssessment,
  moodCompatibility,
  presentAssessment,
  presentMood,
  presentMoodType,
  publicRecentMoods,
} from '../../services/moods';
import { liveProfileOfUser, visibleProfile } from '../../services/profiles';
import { requestLanguage, translatorFor } from '../../i18n';


const today = () => new Date().toISOString().slice(0, 10);

/** The other member, when the viewer may see their profile (404 otherwise, as for profiles). */
async function visibleMember(ctx: AppContext) {
  const viewer = currentUser(ctx);
  const userId = idParam(ctx.params.userId);
  const { profile } = await visibleProfile(ctx.services.db, viewer, await liveProfileOfUser(ctx.services.db, userId));
  return { viewer, profile };
}

export function moodRoutes() {
  const router = newRouter('/api');
  router.use(requireUser);

  router.get('/moods/types', async (ctx) => {
    const types = await MoodType.query(ctx.services.db).orderBy('category').orderBy('id');
    ctx.body = types.map(presentMoodType);
  });

  // Both shapes: the prompt card {description, intensity 10–100} and the tracker {moodTypeId, intensity 1–5, …}.
  router.post('/moods', async (ctx) => {
    const user = currentUser(ctx);
    const raw = requestBody(ctx);
    const now = Date.now();
    let mood: UserMood;
    if (raw.moodTypeId !== undefined) {
      const input = parse(moodTrackerSchema, raw);
      const type = await MoodType.query(ctx.services.db).findById(input.moodTypeId);
      if (!type) throw notFound('Mood not found');
      mood = await UserMood.query(ctx.services.db).insertAndFetch({ userId: user.id, moodTypeId: type.id, intensity: input.intensity, scale: 'tracker', note: input.note ?? null, isPrivate: input.isPrivate, createdAt: now });
    } else {
      const input = parse(moodPromptSchema, raw);
      mood = await UserMood.query(ctx.services.db).insertAndFetch({ userId: user.id, moodTypeId: null, description: input.description, intensity: input.intensity, scale: 'prompt', isPrivate: false, createdAt: now });
    }
    const withType = await UserMood.query(ctx.services.db).findById(mood.id).withGraphFetched('moodType');
    ctx.status = 201;
    ctx.body = presentMood(withType as UserMood);
  });

  router.get('/moods/current', async (ctx) => {
    const user = currentUser(ctx);
    const mood = await UserMood.query(ctx.services.db).where({ userId: user.id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').first().withGraphFetched('moodType');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = mood ? presentMood(mood) : null;
  });

  router.get('/moods/history', async (ctx) => {
    const user = currentUser(ctx);
    const limit = Math.min(Math.max(Number.parseInt(String(ctx.query.limit ?? '30'), 10) || 30, 1), 100);
    const moods = await UserMood.query(ctx.services.db).where({ userId: user.id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).withGraphFetched('moodType');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = moods.map(presentMood);
  });

  // True when nothing was recorded in the last 24 hours and the prompt was not dismissed today.
  router.get('/moods/should-prompt', async (ctx) => {
    const user = currentUser(ctx);
    const db = ctx.services.db;
    const recent = await UserMood.query(db).where({ userId: user.id }).where('createdAt', '>=', Date.now() - 24 * 3600_000).select('id').first();
    const dismissed = await MoodPromptDismissal.query(db).findById([user.id, today()]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { shouldPrompt: !recent && !dismissed };
  });

  router.post('/moods/dismiss-prompt', async (ctx) => {
    const user = currentUser(ctx);
    await MoodPromptDismissal.query(ctx.services.db).insert({ userId: user.id, day: today() }).onConflict(['userId', 'day']).ignore();
    ctx.body = { shouldPrompt: false };
  });

  router.get('/moods/cultural-adaptation', async (ctx) => {
    const user = currentUser(ctx);
    const last = await CulturalAdaptationAssessment.query(ctx.services.db).where({ userId: user.id }).orderBy('createdAt', 'desc').orderBy('id', 'desc').first();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = last ? presentAssessment(last) : { message: 'No cultural adaptation assessment recorded yet' };
  });

  router.post('/moods/cultural-adaptation', async (ctx) => {
    const user = currentUser(ctx);
    const input = parse(culturalAssessmentSchema, requestBody(ctx));
    const row = await CulturalAdaptationAssessment.query(ctx.services.db).insertAndFetch({ ...input, note: input.note ?? null, userId: user.id, createdAt: Date.now() });
    ctx.status = 201;
    ctx.body = presentAssessment(row);
  });

  router.get('/matches/:userId/mood-compatibility', async (ctx) => {
    const { viewer, profile } = await visibleMember(ctx);
    const db = ctx.services.db;
    const [mine, theirs] = await Promise.all([publicRecentMoods(db, viewer.id), publicRecentMoods(db, profile.userId)]);
    const [ca, cb] = await Promise.all([latestAssessment(db, viewer.id), latestAssessment(db, profile.userId)]);
    ctx.body = moodCompatibility(mine, theirs, ca ?? null, cb ?? null);
  });

  router.get('/moods/:userId/cultural-insight', async (ctx) => {
    const { viewer, profile } = await visibleMember(ctx);
    const db = ctx.services.db;
    const theirs = await latestAssessment(db, profile.userId);
    const mine = await latestAssessment(db, viewer.id);
    const t = translatorFor(requestLanguage(ctx));
    // A profile whose account has no name left is spoken of as "this member", in the reader's language.
    const firstName = profile.user?.fullName ? profile.user.fullName.split(' ')[0] : t('server.text.thisMember');
    ctx.body = culturalInsight(theirs ?? null, mine ?? null, profile.culturalIntegrationLevel, firstName, t);
  });

  router.get('/moods/:userId/conversation-starters', async (ctx) => {
    const { viewer, profile } = await visibleMember(ctx);
    const db = ctx.services.db;
    const own = await liveProfileOfUser(db, viewer.id);
    const [a, b] = await Promise.all([publicRecentMoods(db, viewer.id), publicRecentMoods(db, profile.userId)]);
    const sharedTypeId = a.map((m) => m.typeId).find((id) => b.some((m) => m.typeId === id));
    const sharedMood = sharedTypeId ? ((await MoodType.query(db).findById(sharedTypeId).select('name'))?.name ?? null) : null;
    const firstName = (profile.user?.fullName ?? 'They').split(' ')[0];
    const empty = { city: null, country: null, profession: null, about: null, motherTongue: null, returnToIndiaPlans: null, languagePreferences: null, birthPlace: null };
    ctx.body = { starters: conversationStarters(own ?? empty, profile, firstName, sharedMood, translatorFor(requestLanguage(ctx))) };
  });

  return router;
}
