// What the bench's requests are made of: its members (with likes, matches, a conversation and notifications, as a
// member who uses Saathi has them), the profiles they open, and the texts and filters they search with. All read
// from (or written to) the seeded database before the server is measured.
import type { Knex } from 'knex';

export interface BenchMemberRow {
  userId: number;
  username: string;
  gender: string;
  partnerId: number;
}

/** Likes each bench member has given, likes they have received, and matches beside their bench partner. */
export const LIKES_GIVEN = 30;
export const LIKES_RECEIVED = 30;
export const EXTRA_MATCHES = 5;
/** Messages in each bench conversation when the run begins (the send route adds to it while measured). */
export const THREAD_LENGTH = 30;

interface Candidate {
  profileId: number;
  userId: number;
  gender: string;
}

/** Live profiles visible to everyone whose owners are active members, spread over the whole id range. */
async function candidates(db: Knex, limit: number): Promise<Candidate[]> {
  const rows = await db('profiles as p')
    .join('users as u', 'u.id', 'p.userId')
    .join('privacy_settings as ps', 'ps.userId', 'u.id')
    .where({ 'p.isDeleted': false, 'u.isDeleted': false, 'u.status': 'active', 'u.role': 'member', 'ps.profileVisibility': 'all' })
    .orderByRaw('((p.id % 9967) * 7919) % 10009, p.id')
    .limit(limit)
    .select('p.id', 'p.userId', 'p.gender');
  return rows.map((r) => ({ profileId: Number(r.id), userId: Number(r.userId), gender: String(r.gender) }));
}

/** Profiles members open: live, visible to everyone, owners active; spread over the id range. */
export async function viewableProfiles(db: Knex, limit: number): Promise<number[]> {
  return (await candidates(db, limit)).map((c) => c.profileId);
}

/** A like, once: true when it was new. */
async function like(trx: Knex.Transaction, userId: number, likedProfileId: number, createdAt: number): Promise<boolean> {
  if (await trx('profile_likes').where({ userId, likedProfileId }).first('id')) return false;
  await trx('profile_likes').insert({ userId, likedProfileId, createdAt });
  return true;
}

async function match(trx: Knex.Transaction, a: number, b: number, createdAt: number): Promise<void> {
  const [user1Id, user2Id] = a < b ? [a, b] : [b, a];
  await trx('matches').insert({ user1Id, user2Id, createdAt }).onConflict(['user1Id', 'user2Id']).ignore();
}

/**
 * Bench members: premium and elite members (no monthly message cap) with a live, visible profile who accept
 * messages, half women and half men, spread over the whole id range, the demo member first. Each is matched
 * with a partner of the other group and has a conversation of THREAD_LENGTH messages with them (reset each run, so
 * runs compare), has liked LIKES_GIVEN members, been liked by LIKES_RECEIVED (each with its notification) and
 * matched EXTRA_MATCHES of those. Rows are added once: a later run on the same database finds them. Their Kundali
 * cards and today's profile views from an earlier run are removed, so the same requests are not served from them.
 */
export async function prepareMembers(db: Knex, count: number): Promise<BenchMemberRow[]> {
  const rows = (await db('users as u')
    .join('profiles as p', (j) => j.on('p.userId', 'u.id').andOn('p.isDeleted', db.raw('?', [false])))
    .join('privacy_settings as ps', 'ps.userId', 'u.id')
    .where({ 'u.role': 'member', 'u.status': 'active', 'u.isDeleted': false, 'u.totpEnabled': false })
    .whereIn('u.subscriptionTier', ['premium', 'elite'])
    .where('u.subscriptionEnds', '>', Date.now())
    .where({ 'ps.profileVisibility': 'all', 'ps.allowMessagesFrom': 'all' })
    .orderByRaw('((u.id % 9973) * 7919) % 10007, u.id')
    .select('u.id', 'u.usernameLower as username', 'u.fullName', 'p.gender', 'p.id as profileId')) as Array<{ id: number; username: string; fullName: string; gender: string; profileId: number }>;
  const demo = rows.find((r) => r.username === 'demo');
  const women = rows.filter((r) => r.gender === 'female' && r !== demo);
  const men = rows.filter((r) => r.gender === 'male');
  if (demo) women.unshift(demo);
  const pairs = Math.floor(count / 2);
  if (women.length < pairs || men.length < pairs) throw new Error('not enough premium members to bench with');
  const chosen = [...women.slice(0, pairs), ...men.slice(0, pairs)];
  const benchUsers = new Set(chosen.map((r) => Number(r.id)));
  const pool = (await candidates(db, 12_000)).filter((c) => !benchUsers.has(c.userId));
  const perMember = LIKES_GIVEN + LIKES_RECEIVED;
  const byGender = { female: pool.filter((c) => c.gender === 'female'), male: pool.filter((c) => c.gender === 'male') };
  const names = new Map((await db('users').whereIn('id', pool.map((c) => c.userId)).select('id', 'fullName')).map((r) => [Number(r.id), String(r.fullName)]));
  const now = Date.now();
  const out: BenchMemberRow[] = [];
  await db.transaction(async (trx) => {
    // What an earlier run left that would answer this run's requests from a store: the Kundali cards computed for
    // the bench members and the profile views they recorded today (a view is recorded once a day).
    for (const m of chosen) await trx('kundali_cache').where('pairKey', 'like', `basic:${m.id}:%`).delete();
    await trx('profile_views').whereIn('viewerUserId', [...benchUsers]).delete();
    for (let i = 0; i < pairs; i++) {
      const [a, b] = [women[i], men[i]];
      await like(trx, a.id, b.profileId, now - 3_600_000);
      await like(trx, b.id, a.profileId, now - 3_500_000);
      await match(trx, a.id, b.id, now - 3_500_000);
      // The conversation, as long at the start of every run.
      await trx('messages').where((q) => q.where({ senderId: a.id, receiverId: b.id }).orWhere({ senderId: b.id, receiverId: a.id })).delete();
      for (let m = 0; m < THREAD_LENGTH; m++) {
        const [from, to] = m % 2 === 0 ? [a, b] : [b, a];
        await trx('messages').insert({ senderId: from.id, receiverId: to.id, content: `Hello from the bench (${m + 1})`, isRead: true, readAt: now, createdAt: now - 3_000_000 + m * 60_000 });
      }
      out.push({ userId: a.id, username: a.username, gender: a.gender, partnerId: b.id });
      out.push({ userId: b.id, username: b.username, gender: b.gender, partnerId: a.id });
    }
    for (const [i, m] of chosen.entries()) {
      const others = byGender[m.gender === 'female' ? 'male' : 'female'];
      const slot = (i % pairs) * perMember;
      if (others.length < slot + perMember) throw new Error('not enough visible profiles for the bench members\' likes');
      for (const [k, c] of others.slice(slot, slot + LIKES_GIVEN).entries()) await like(trx, m.id, c.profileId, now - 86_400_000 + k * 60_000);
      for (const [k, c] of others.slice(slot + LIKES_GIVEN, slot + perMember).entries()) {
        const at = now - 43_200_000 + k * 60_000;
        if (!(await like(trx, c.userId, m.profileId, at))) continue;
        const name = names.get(c.userId) ?? 'A member';
        await trx('notifications').insert({
          userId: m.id, type: 'like', title: 'Someone liked your profile', content: `${name} liked your profile`, relatedItemId: c.profileId,
          sourceId: c.userId, sourceType: 'user', actorUserId: c.userId, isRead: k % 3 === 0, createdAt: at,
        });
        if (k >= EXTRA_MATCHES) continue;
        await like(trx, m.id, c.profileId, at + 60_000);
        await match(trx, m.id, c.userId, at + 60_000);
        await trx('notifications').insert({
          userId: m.id, type: 'match', title: "It's a match!", content: `You and ${name} like each other`, relatedItemId: c.profileId,
          sourceId: c.userId, sourceType: 'user', actorUserId: c.userId, isRead: false, createdAt: at + 60_000,
        });
      }
    }
  });
  return out;
}

const PROFESSIONS = [
  'software engineer', 'doctor', 'pharmacist', 'data scientist', 'chartered accountant', 'nurse', 'product manager',
  'lawyer', 'dentist', 'professor', 'architect', 'financial analyst', 'investment banker', 'management consultant',
  'civil engineer', 'research scientist', 'marketing manager', 'physiotherapist', 'entrepreneur', 'business analyst',
];

/** Search texts as members type them: the cities members live in (from the data) and professions. */
export async function searchTexts(db: Knex): Promise<string[]> {
  const cities = (await db('profiles').whereNotNull('city').groupBy('city').orderByRaw('count(*) desc').limit(70).select('city')).map((r) => String(r.city).toLowerCase());
  return [...cities, ...PROFESSIONS];
}

/** Filter combinations: countries (from the data) × age bands. */
export async function filterQueries(db: Knex): Promise<string[]> {
  const countries = (await db('profiles').groupBy('country').orderByRaw('count(*) desc').limit(16).select('country')).map((r) => String(r.country));
  const bands = [[24, 30], [26, 32], [28, 34], [30, 36], [25, 35], [32, 40]];
  const out: string[] = [];
  for (const [i, c] of countries.entries()) {
    for (const [lo, hi] of bands) out.push(`locations=${encodeURIComponent(c)}${i % 2 ? `,${encodeURIComponent(countries[(i + 3) % countries.length])}` : ''}&minAge=${lo}&maxAge=${hi}`);
  }
  return out;
}

/**
 * The other filters of the search screen, one or two at a time as members tick them: mother tongue, education,
 * diet, return plans, recently active, with a photo, verified, who made the profile.
 */
export const OTHER_FILTERS = [
  'motherTongues=Hindi', 'motherTongues=Tamil,Telugu', 'motherTongues=Punjabi&hasPhoto=true', `educations=${encodeURIComponent("Master's,Doctorate")}`,
  `educations=${encodeURIComponent("Bachelor's")}&diets=vegetarian`, 'diets=vegetarian,eggetarian', 'returnPlans=definite,considering', 'activeWithinDays=7',
  'activeWithinDays=30&isVerified=true', 'isVerified=true', 'hasPhoto=true&minAge=27&maxAge=33', 'profileType=parent',
];
