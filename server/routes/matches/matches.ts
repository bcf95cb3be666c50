import type { MutualMatchView } from '../../../contracts/views';
import { newRouter } from '../../context';
import { assertSelf, requireUser } from '../../middleware/auth';
import { idParam } from '../../middleware/validate';
import { Profile } from '../../models/profile';
import { visibleProfilesFilter } from '../../policies/profile-visibility';
import { cardViews, percentagesFor } from '../../services/discovery';
import { familyAuthorsOf } from '../../services/family/acts';

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
    const pairs = await db('matches').where('user1Id', user.id).orWhere('user2Id', user.id).select('user1Id', 'user2Id', 'createdAt');
    const matchedAt = new Map(pairs.map((m) => [Number(Number(m.user1Id) === user.id ? m.user2Id : m.user1Id), Number(m.createdAt)]));
    const otherIds = [...matchedAt.keys()];
    ctx.set('Cache-Control', 'no-store');
    if (otherIds.length === 0) {
      ctx.body = [];
      return;
    }
    const profiles = await Profile.query(db).whereIn('profiles.userId', otherIds).modify(visibleProfilesFilter(user.id)).select('profiles.id', 'profiles.userId');
    const cards = await cardViews(db, user, profiles, await percentagesFor(ctx.services.engine, user, profiles));
    // Grouped over a derived table: PostgreSQL does not match a parameterised CASE in SELECT with the same one in GROUP BY.
    const lastIds = await db
      .select('t.otherId')
      .max({ lastId: 't.id' })
      .sum({ unread: 't.unread' })
      .from(
        db('messages')
          .select(
            db.raw('CASE WHEN sender_id = ? THEN receiver_id ELSE sender_id END AS other_id', [user.id]),
            'id',
            db.raw('CASE WHEN receiver_id = ? AND is_read = ? THEN 1 ELSE 0 END AS unread', [user.id, false]),
          )
          .where((q) => q.where('senderId', user.id).whereIn('receiverId', otherIds))
          .orWhere((q) => q.where('receiverId', user.id).whereIn('senderId', otherIds))
          .as('t'),
      )
      .groupBy('t.otherId');
    const summaries = lastIds as Array<{ otherId: number; lastId: number; unread: number | string | null }>;
    const lastMessages = summaries.length ? await db('messages').whereIn('id', summaries.map((r) => Number(r.lastId))) : [];
    // The preview names the family member who wrote the last message, as the thread does.
    const authors = await familyAuthorsOf(db, lastMessages.map((m) => Number(m.id)));
    const list: MutualMatchView[] = cards.map((card) => {
      const summary = summaries.find((r) => Number(r.otherId) === card.userId);
      const last = summary ? lastMessages.find((m) => Number(m.id) === Number(summary.lastId)) : undefined;
      return {
        profile: card,
        matchedAt: new Date(matchedAt.get(card.userId) ?? 0).toISOString(),
        lastMessage: last ? { content: last.content, createdAt: new Date(Number(last.createdAt)).toISOString(), senderId: Number(last.senderId), sentBy: authors.get(Number(last.id)) ?? null } : null,
        unreadCount: Number(summary?.unread ?? 0),
      };
    });
    const activity = (m: MutualMatchView) => Date.parse(m.lastMessage?.createdAt ?? m.matchedAt);
    list.sort((a, b) => activity(b) - activity(a));
    ctx.body = list;
  });

  return router;
}
