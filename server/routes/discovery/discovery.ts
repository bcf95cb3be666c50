import { ADVANCED_FILTERS_MESSAGE, searchQuerySchema, usesAdvancedFilters } from '../../../contracts/discovery';
import type { SuccessStoryView } from '../../../contracts/views';
import { newRouter } from '../../context';
import { forbidden } from '../../errors';
import { currentUser, requireUser } from '../../middleware/auth';
import { parse } from '../../middleware/validate';
import { SuccessStory } from '../../models/engagement';
import { effectiveTier } from '../../policies/tier';
import { dailySelection } from '../../services/daily-matches';
import { searchProfiles } from '../../services/discovery';
import { photoUrl } from '../../services/photos';
import { siteFiguresFor } from '../../services/site-figures';

export function discoveryRoutes() {
  const router = newRouter('/api');

  router.get('/matches/featured', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await dailySelection(ctx.services, currentUser(ctx), 'featured');
  });

  router.get('/matches/daily', requireUser, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await dailySelection(ctx.services, currentUser(ctx), 'daily');
  });

  router.get('/search', requireUser, async (ctx) => {
    const user = currentUser(ctx);
    const input = parse(searchQuerySchema, ctx.query);
    // Tier rule: advanced filters are for premium and elite (one list in contracts/discovery.ts).
    if (usesAdvancedFilters(input) && effectiveTier(user) === 'tryme') {
      throw forbidden(ADVANCED_FILTERS_MESSAGE, { upgradeRequired: true });
    }
    const { results, total, nextCursor } = await searchProfiles(ctx.services, user, input);
    ctx.set('Cache-Control', 'no-store');
    if (nextCursor) ctx.set('X-Next-Cursor', nextCursor);
    ctx.set('X-Total-Count', String(total));
    ctx.set('Access-Control-Expose-Headers', 'X-Next-Cursor, X-Total-Count');
    ctx.body = results;
  });

  // Published success stories, in the reviewers' order. Public: the landing page may show them too.
  router.get('/success-stories', async (ctx) => {
    const stories = await SuccessStory.query(ctx.services.db)
      .where('isPublished', true)
      .orderBy('sortOrder')
      .orderBy('id', 'desc')
      .limit(20)
      .withGraphFetched('[user1, user2]');
    const body: SuccessStoryView[] = stories.map((s) => {
      const keys = s.photoKeys ?? [];
      return {
        id: s.id,
        user1: { fullName: s.user1 && !s.user1.isDeleted ? s.user1.fullName : 'A Saathi member' },
        user2: { fullName: s.user2 && !s.user2.isDeleted ? s.user2.fullName : 'A Saathi member' },
        profile1: { photos: keys[0] ? [photoUrl(keys[0])] : [] },
        profile2: { photos: keys[1] ? [photoUrl(keys[1])] : [] },
        story: { matchDate: s.matchDate, marriageDate: s.marriageDate, testimonial: s.testimonial, location: s.location },
      };
    });
    ctx.body = body;
  });

  // The landing's figures. Public, and the same for everyone: counted at most every few minutes, and browsers and
  // caches between may keep the answer as long.
  router.get('/site-figures', async (ctx) => {
    ctx.body = await siteFiguresFor(ctx.services.db)();
    ctx.set('Cache-Control', 'public, max-age=300');
  });

  return router;
}
