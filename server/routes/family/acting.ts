import type { Next } from 'koa';
import type { AppContext } from '../../context';
import { forbidden, notFound, unauthorized } from '../../errors';
import { idParam } from '../../middleware/validate';
import { User } from '../../models/user';
import { type FamilyAction, decideFamily, familyFacts, mayLikeOrMessageAsSelf } from '../../policies/relationship';
import { familyVisibleConversations, hasConversation, recordFamilyAct } from '../../services/family/acts';
import { recordOwnChange } from '../../services/family/activity';
import { relationOf } from '../../services/family/members';
import { REFUSALS, helperAccountFacts } from '../../services/family/people';

/** The header a family member's app sends to act for the profile they help with (its id). */
export const ACTING_HEADER = 'X-Saathi-Acting-For';

/**
 * What a family member may ask for while acting for a profile, and which of the candidate's permissions each needs.
 * Anything not listed (settings, password, two-factor, notifications, subscriptions, deleting the profile, blocking
 * and reporting) stays the candidate's own: family get a 403 there.
 */
const ACTIONS: Array<[method: string, path: RegExp, action: FamilyAction]> = [
  ['GET', /^\/api\/auth\/user$/, 'see-people'],
  ['GET', /^\/api\/(profiles\/search|search|matches\/(daily|featured))$/, 'search'],
  ['GET', /^\/api\/profiles\/\d+$/, 'search'],
  ['GET', /^\/api\/(users\/\d+\/profile|profiles\/user\/\d+)$/, 'search'],
  ['GET', /^\/api\/(compatibility|kundali-compatibility|ai-kundali-compatibility|kundali\/chart)\/[\d/]+$/, 'search'],
  // The profile page's insights, for the candidate: mood match, cultural fit, what to say first.
  ['GET', /^\/api\/(matches\/\d+\/mood-compatibility|moods\/\d+\/(cultural-insight|conversation-starters))$/, 'search'],
  ['GET', /^\/api\/not-interested$/, 'search'],
  // The candidate's saved searches: a search kept for later is searching for them.
  ['GET', /^\/api\/saved-searches$/, 'search'],
  ['POST', /^\/api\/saved-searches$/, 'search'],
  ['PATCH', /^\/api\/saved-searches\/\d+$/, 'search'],
  ['DELETE', /^\/api\/saved-searches\/\d+$/, 'search'],
  ['GET', /^\/api\/profiles\/\d+\/biodata\.pdf$/, 'share'],
  ['PATCH', /^\/api\/profiles\/\d+$/, 'edit'],
  ['POST', /^\/api\/profiles\/\d+\/completion\/\d+$/, 'edit'],
  ['GET', /^\/api\/profiles\/\d+\/completion-status$/, 'edit'],
  ['POST', /^\/api\/upload\/photo$/, 'edit'],
  ['DELETE', /^\/api\/upload\/photo\/\d+$/, 'edit'],
  ['GET', /^\/api\/profile-likes\/\d+(\/\d+\/check)?$/, 'like'],
  ['POST', /^\/api\/profile-likes$/, 'like'],
  ['DELETE', /^\/api\/profile-likes\/\d+\/\d+$/, 'like'],
  ['GET', /^\/api\/messages\/\d+(\/unread-count)?$/, 'message'],
  ['GET', /^\/api\/messages\/\d+\/\d+(\/peer)?$/, 'message'],
  ['POST', /^\/api\/messages$/, 'message'],
];

/** Liking and writing to a member, which a helper's own account does only for the candidate. */
const LIKE_OR_MESSAGE: Array<[method: string, path: string]> = [
  ['POST', '/api/profile-likes'],
  ['POST', '/api/messages'],
];

export function familyActionFor(method: string, path: string): FamilyAction | null {
  for (const [m, pattern, action] of ACTIONS) if (m === method && pattern.test(path)) return action;
  return null;
}

export interface ActingFamily {
  /** the family member's own account */
  userId: number;
  fullName: string;
  relation: string;
  profileId: number;
}

/**
 * A family member acting for the profile they help with: the request runs as the profile's member account (so every
 * route and the relationship policy answer as for the candidate), after the family rules allowed that kind of action,
 * and what they did is recorded as theirs. The candidate's own conversations stay private: family see only the
 * conversations a family member wrote in.
 */
export async function actForProfile(ctx: AppContext, next: Next): Promise<void> {
  const header = ctx.get(ACTING_HEADER);
  ctx.state.actingFamily = null;
  if (!header && ctx.state.user && LIKE_OR_MESSAGE.some(([m, p]) => m === ctx.method && p === ctx.path)) {
    if (!mayLikeOrMessageAsSelf(await helperAccountFacts(ctx.services.db, ctx.state.user.id))) {
      throw forbidden('You help with a family member’s profile: like and write for them, in helper mode', { helperOnly: true });
    }
  }
  // The family routes always answer for the family member's own account (their role on the profile).
  if (ctx.path.startsWith('/api/family')) return next();
  if (!header) {
    await next();
    // The candidate's own changes go to their activity list too, beside their family's.
    if (ctx.state.user && ctx.method !== 'GET' && ctx.status < 300) await recordOwnChange(ctx.services.db, ctx.state.user.id, ctx.method, ctx.path, (ctx.request as unknown as { body?: unknown }).body);
    return;
  }
  const self = ctx.state.user;
  if (!self) throw unauthorized();
  const db = ctx.services.db;
  const profileId = idParam(header);
  const facts = await familyFacts(db, self.id, profileId);
  if (facts?.role !== 'family') throw notFound('Profile not found');
  // Before the candidate accepts, the family member who made the profile signs in with its account: no acting.
  if (facts.ownerUserId === self.id) return next();
  // The profile itself is its people's to read (the helper's editor opens it), whatever the candidate allows.
  const action = ctx.method === 'GET' && ctx.path === `/api/profiles/${profileId}` ? 'see-people' : familyActionFor(ctx.method, ctx.path);
  if (!action) throw forbidden('This stays with the person the profile is for; family cannot do it for them');
  if (!decideFamily(facts, action)) throw forbidden(REFUSALS[action], { action });
  const owner = await User.query(db).findById(facts.ownerUserId);
  if (!owner || owner.isDeleted || owner.status !== 'active') throw notFound('Profile not found');
  const relation = await relationOf(db, profileId, self.id);
  const acting: ActingFamily = { userId: self.id, fullName: self.fullName, relation: relation ?? 'relative', profileId };
  if (action === 'message' && ctx.method === 'GET') {
    const visible = await familyVisibleConversations(db, owner.id, profileId);
    const other = /^\/api\/messages\/\d+\/(\d+)/.exec(ctx.path)?.[1];
    // A conversation not begun yet is empty: family may open it to write the first message.
    if (other && !visible.has(Number(other)) && (await hasConversation(db, owner.id, Number(other)))) throw notFound('Conversation not found');
    ctx.state.user = owner;
    ctx.state.actingFamily = acting;
    await next();
    // The list: only the conversations family took part in.
    if (!other && Array.isArray(ctx.body)) ctx.body = (ctx.body as Array<{ otherUser?: { id: number } }>).filter((c) => c.otherUser && visible.has(c.otherUser.id));
    return;
  }
  if (action === 'message' && ctx.method === 'POST') {
    // Writing into the candidate's own conversation would open it to the family: only into one family may see.
    const receiverId = Number((ctx.request as unknown as { body?: { receiverId?: unknown } }).body?.receiverId);
    if (Number.isSafeInteger(receiverId) && (await hasConversation(db, owner.id, receiverId)) && !(await familyVisibleConversations(db, owner.id, profileId)).has(receiverId)) {
      throw forbidden('This conversation is private to the person this profile is for, unless they share it with family');
    }
  }
  ctx.state.user = owner;
  ctx.state.actingFamily = acting;
  await next();
  if (ctx.status >= 300) return;
  await recordFamilyAct(db, ctx, acting);
}
