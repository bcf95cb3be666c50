import type { MutualMatchView } from '../../../contracts/views';
import { newRouter } from '../../context';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam } from '../../middleware/validate';
import { Profile } from '../../models/profile';
import { Match } from '../../models/social';
import { visibleProfilesFilter } from '../../policies/profile-visibility';
import { conversationTotals, lastMessagesOf } from '../../services/conversations';
import { cardViews, percentagesFor } from '../../services/discovery';

/**
 * GET /api/users/{userId}/matches: the member's mutual matches, newest activity first, each with the last
 * message of the conversation (if any) and how many of it are unread. Only the member reads their own list; a
 * match whose profile the member may no longer see (blocked, deleted, hidden) is left out.
 */
export function matchRoutes() {
  const router = newRouter('/api/users');
  router.use(requireUser);

  router.get('/:userId/matches', async (ctx) => {
    const user = assertSelf(ctx, idParam(ctx.params.userId));
    const db = ctx.services.db;
    const pairs = await Match.query(db).where('user1Id', user.id).orWhere('user2Id', user.id).select('user1Id', 'user2Id', 'createdAt');
    const matchedAt = new Map(pairs.map((m) => [m.user1Id === user.id ? m.user2Id : m.user1Id, m.createdAt]));
    const otherIds = [...matchedAt.keys()];
    ctx.set('Cache-Control', 'no-store');
    if (otherIds.length === 0) {
      ctx.body = [];
      return;
    }
    const profiles = await Profile.query(db).whereIn('profiles.userId', otherIds).modify(visibleProfilesFilter(user.id)).select('profiles.id', 'profiles.userId');
    const cards = await cardViews(ctx.services, user, profiles, await percentagesFor(ctx.services.engine, user, profiles));
    const totals = await conversationTotals(db, user.id, otherIds);
    const lastMessages = await lastMessagesOf(db, totals);
    const list: MutualMatchView[] = cards.map((card) => {
      const summary = totals.find((t) => t.otherId === card.userId);
      const last = summary ? lastMessages.get(summary.lastId) : undefined;
      return {
        profile: card,
        matchedAt: new Date(matchedAt.get(card.userId) ?? 0).toISOString(),
        lastMessage: last ?? null,
        unreadCount: summary?.unread ?? 0,
      };
    });
    const activity = (m: MutualMatchView) => Date.parse(m.lastMessage?.createdAt ?? m.matchedAt);
    list.sort((a, b) => activity(b) - activity(a));
    ctx.body = list;
  });

  return router;
}
