import { KUNDALI_TEXTS } from '../../../contracts/kundali';
import { type AppContext, newRouter } from '../../context';
import { forbidden, notFound, unprocessable } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { idParam } from '../../middleware/validate';
import type { Profile } from '../../models/profile';
import type { User } from '../../models/user';
import { effectiveTier, isPaidTier } from '../../policies/tier';
import { astroCard } from '../../services/kundali/analysis';
import { comparableProfiles } from '../../services/kundali-picker';
import { IncompleteBirthData, aiFor, basicFor, birthData } from '../../services/kundali/index';
import { requestLanguage } from '../../i18n';
import { castChart } from '../../services/kundali/chart';
import { rashiChart } from '../../services/kundali/explain';
import { liveProfileOfUser, profileFields, visibleProfile } from '../../services/profiles';

export { PROFILE_SUMMARY_LIMIT } from '../../services/kundali-picker';

/** The path's own id must be the session's user (403), and the viewer needs a live profile (422: nothing to match). */
async function ownProfile(ctx: AppContext, userId: number, message: string, load = liveProfileOfUser): Promise<{ viewer: User; own: Profile }> {
  const viewer = currentUser(ctx);
  if (viewer.id !== userId) throw forbidden(KUNDALI_TEXTS.ownOnly);
  const own = await load(ctx.services.db, viewer.id);
  if (!own) throw unprocessable(message);
  return { viewer, own };
}

/** Turns the engine's "not enough data" into the spec's error card; anything else is a real error. */
async function orIncomplete<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof IncompleteBirthData) throw unprocessable(message);
    throw error;
  }
}

const firstName = (p: Profile) => (p.user?.fullName ?? 'Member').split(' ')[0];

export function kundaliRoutes() {
  const router = newRouter('/api');
  router.use(requireUser);

  // Registered ahead of the profile routes so "search" is not read as a profile id.
  // The Kundali picker: ?q= narrows by name or city (see comparableProfiles for the order).
  router.get('/profiles/search', async (ctx) => {
    const viewer = currentUser(ctx);
    const q = typeof ctx.query.q === 'string' ? ctx.query.q.slice(0, 100) : undefined;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await comparableProfiles(ctx.services, viewer, q);
  });

  // The member's own rashi chart, drawn on the Kundali screen.
  router.get('/kundali/chart/:userId', async (ctx) => {
    const { own } = await ownProfile(ctx, idParam(ctx.params.userId), KUNDALI_TEXTS.incomplete);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await orIncomplete(KUNDALI_TEXTS.incomplete, async () => rashiChart(castChart(birthData(own))));
  });

  router.get('/kundali-compatibility/:userId1/:userId2', async (ctx) => {
    const { viewer, own } = await ownProfile(ctx, idParam(ctx.params.userId1), KUNDALI_TEXTS.incomplete);
    const db = ctx.services.db;
    const { profile } = await visibleProfile(db, viewer, await liveProfileOfUser(db, idParam(ctx.params.userId2)));
    ctx.body = await orIncomplete(KUNDALI_TEXTS.incomplete, () => basicFor(db, own, profile));
  });

  router.get('/ai-kundali-compatibility/:userId1/:userId2', async (ctx) => {
    const { viewer, own } = await ownProfile(ctx, idParam(ctx.params.userId1), KUNDALI_TEXTS.aiIncomplete);
    if (!isPaidTier(effectiveTier(viewer))) throw forbidden(KUNDALI_TEXTS.upgrade, { upgradeRequired: true });
    const db = ctx.services.db;
    const { profile } = await visibleProfile(db, viewer, await liveProfileOfUser(db, idParam(ctx.params.userId2)));
    ctx.body = await orIncomplete(KUNDALI_TEXTS.aiIncomplete, () =>
      aiFor(db, own, profile, { llm: ctx.services.config.llm, names: [firstName(own), firstName(profile)], language: requestLanguage(ctx) }),
    );
  });

  // The profile view's astrological card: the path's second id is a profile id. It reads birth details only, so
  // neither profile's owner or photos are loaded.
  router.get('/compatibility/:userId/:profileId', async (ctx) => {
    const { viewer, own } = await ownProfile(ctx, idParam(ctx.params.userId), KUNDALI_TEXTS.incomplete, profileFields.liveOfUser);
    const db = ctx.services.db;
    const { profile } = await visibleProfile(db, viewer, await profileFields.byId(db, idParam(ctx.params.profileId)));
    if (profile.userId === viewer.id) throw notFound('Profile not found');
    ctx.body = astroCard(await orIncomplete(KUNDALI_TEXTS.incomplete, () => basicFor(db, own, profile)));
  });

  return router;
}
