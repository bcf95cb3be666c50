import type { CulturalAssessmentView, CulturalInsightView, MoodCompatibilityView, MoodRecordView, MoodTypeView } from '../../contracts/views';
import type { Knex } from 'knex';
import { type Db, paddedIds, readRows } from '../db';
import { CulturalAdaptationAssessment, type MoodType, type UserMood } from '../models/engagement';
import { type Translator, translatorFor } from '../i18n';

/**
 * Moods and cultural adaptation: how they are presented, which moods reach other members (shared ones only),
 * the signals mood compatibility reads (one statement for a page of members) and the compatibility and insight
 * worked out from them. Conversation starters are in conversation-starters.ts.
 */

/** How far back moods count towards compatibility and starters. */
export const RECENT_MOODS_MS = 14 * 24 * 3600_000;

export function presentMoodType(t: MoodType): MoodTypeView {
  return { id: t.id, name: t.name, icon: t.icon, category: t.category, description: t.description };
}

export function presentMood(m: UserMood): MoodRecordView {
  return {
    id: m.id,
    moodType: m.moodType ? presentMoodType(m.moodType) : null,
    description: m.description,
    intensity: m.intensity,
    scale: m.scale,
    note: m.note,
    isPrivate: m.isPrivate,
    createdAt: new Date(m.createdAt).toISOString(),
  };
}

export type Levels = Pick<CulturalAdaptationAssessment, 'homesicknessLevel' | 'culturalIdentityStrength' | 'localCultureComfortLevel' | 'localFriendships' | 'indianCommunityConnection'>;

/**
 * Adaptation level 0–100 from the five 1–5 answers: each is scaled to 0–1 ((x − 1) / 4), homesickness counted
 * inversely, and the mean taken. Cultural identity and the Indian community count as strengths: adapting well
 * abroad means comfort in both worlds, not leaving one behind.
 */
export function adaptationLevel(a: Levels): number {
  const scaled = (x: number) => (x - 1) / 4;
  const parts = [
    1 - scaled(a.homesicknessLevel),
    scaled(a.culturalIdentityStrength),
    scaled(a.localCultureComfortLevel),
    scaled(a.localFriendships),
    scaled(a.indianCommunityConnection),
  ];
  return Math.round((parts.reduce((s, x) => s + x, 0) / parts.length) * 100);
}

export function presentAssessment(a: CulturalAdaptationAssessment): CulturalAssessmentView {
  return {
    id: a.id,
    homesicknessLevel: a.homesicknessLevel,
    culturalIdentityStrength: a.culturalIdentityStrength,
    localCultureComfortLevel: a.localCultureComfortLevel,
    localFriendships: a.localFriendships,
    indianCommunityConnection: a.indianCommunityConnection,
    note: a.note,
    adaptationLevel: adaptationLevel(a),
    createdAt: new Date(a.createdAt).toISOString(),
  };
}

/** Cultural adaptation in five bands: 80+ Fully Adapted, 60+ Comfortable, 40+ Adjusting, 20+ Learning, else Exploring. */
export function adaptationBand(level: number): string {
  if (level >= 80) return 'Fully Adapted';
  if (level >= 60) return 'Comfortable';
  if (level >= 40) return 'Adjusting';
  if (level >= 20) return 'Learning';
  return 'Exploring';
}

export interface MoodSignal {
  valence: number;
  energy: number;
  intensity: number;
  typeId: number;
  category: string;
}

/**
 * Only shared moods reach anyone else (mood matching, conversation starters): a mood is shared while its member
 * shares moods (privacy setting `shareMoods`, off unless they turn it on) and the mood is not marked private. A
 * mood's note and the prompt's free description are never read for anyone but their author.
 */
export function sharedMoodsOnly<Q extends Knex.QueryBuilder>(query: Q, db: Db): Q {
  return query
    .where('user_moods.isPrivate', false)
    .where('user_moods.scale', 'tracker')
    .whereExists(db('privacy_settings').where('privacy_settings.userId', db.ref('user_moods.userId')).where('privacy_settings.shareMoods', true).select('privacy_settings.userId')) as Q;
}

/** A member's recent shared tracker moods (sharedMoodsOnly). Private moods never reach another member's view. */
export async function publicRecentMoods(db: Db, userId: number, now = Date.now()): Promise<MoodSignal[]> {
  // A join read straight into the small MoodSignal shape (knex, numbers made here), the same columns as moodSignalsOf.
  const rows = await sharedMoodsOnly(db('user_moods').join('mood_types', 'mood_types.id', 'user_moods.moodTypeId').where('user_moods.userId', userId), db)
    .where('user_moods.createdAt', '>=', now - RECENT_MOODS_MS)
    .orderBy('user_moods.createdAt', 'desc')
    .limit(20)
    .select('mood_types.id as typeId', 'mood_types.valence', 'mood_types.energy', 'mood_types.category', 'user_moods.intensity');
  return rows.map((r) => ({ typeId: r.typeId, valence: Number(r.valence), energy: Number(r.energy), category: r.category, intensity: Number(r.intensity) }));
}

/**
 * The moods mood compatibility reads (recent shared tracker moods, as sharedMoodsOnly) in raw SQL over
 * `user_moods um`, with `recentPublicMoodsBindings` for its `?`.
 */
const RECENT_PUBLIC_MOODS = `um.is_private = ? AND um.scale = 'tracker' AND um.created_at >= ?
  AND EXISTS (SELECT 1 FROM privacy_settings ps WHERE ps.user_id = um.user_id AND ps.share_moods = ?)`;
const recentPublicMoodsBindings = (now: number) => [false, now - RECENT_MOODS_MS, true];

/**
 * What mood compatibility needs of many members at once (a page of search results), in one statement: each one's
 * recent public tracker moods (the 20 latest, as publicRecentMoods) and their latest assessment's five answers.
 */
export async function moodSignalsOf(db: Db, userIds: number[], now = Date.now()): Promise<MoodSignals> {
  const moods = new Map<number, MoodSignal[]>();
  const assessments = new Map<number, Levels>();
  const agesOut = new Map<number, number>();
  if (userIds.length === 0) return { moods, assessments, agesOut };
  const ids = paddedIds(userIds);
  const list = new Array(ids.length).fill('?').join(', ');
  const rows = await readRows<Record<string, unknown>>(
    db,
    `SELECT 0 AS k, um.user_id AS u, mt.id AS t, mt.valence AS a, mt.energy AS b, um.intensity AS c, NULL AS d, NULL AS e, mt.category AS cat, um.created_at AS at, um.id AS id
       FROM user_moods um JOIN mood_types mt ON mt.id = um.mood_type_id
      WHERE um.user_id IN (${list}) AND ${RECENT_PUBLIC_MOODS}
     UNION ALL
     SELECT 1, ca.user_id, NULL, ca.homesickness_level, ca.cultural_identity_strength, ca.local_culture_comfort_level,
            ca.local_friendships, ca.indian_community_connection, NULL, ca.created_at, ca.id
       FROM cultural_adaptation_assessments ca WHERE ca.user_id IN (${list})
     ORDER BY k, at DESC, id DESC`,
    [...ids, ...recentPublicMoodsBindings(now), ...ids],
  );
  for (const r of rows) {
    const userId = Number(r.u);
    if (Number(r.k) === 0) {
      const signals = moods.get(userId) ?? [];
      if (signals.length < 20) {
        signals.push({ typeId: Number(r.t), valence: Number(r.a), energy: Number(r.b), category: String(r.cat), intensity: Number(r.c) });
        agesOut.set(userId, Number(r.at) + RECENT_MOODS_MS); // newest first: the last one kept is the oldest
      }
      moods.set(userId, signals);
    } else if (!assessments.has(userId)) {
      assessments.set(userId, {
        homesicknessLevel: Number(r.a),
        culturalIdentityStrength: Number(r.b),
        localCultureComfortLevel: Number(r.c),
        localFriendships: Number(r.d),
        indianCommunityConnection: Number(r.e),
      });
    }
  }
  return { moods, assessments, agesOut };
}

/** Members' mood signals (moodSignalsOf): moods, latest assessments, and when each one's oldest mood read stops being recent. */
export interface MoodSignals {
  moods: Map<number, MoodSignal[]>;
  assessments: Map<number, Levels>;
  agesOut: Map<number, number>;
}

/**
 * 1 when a member has anything mood compatibility reads (a recent public tracker mood, as moodSignalsOf reads them,
 * or an assessment), else 0, as an SQL expression with `moodSignalsBindings` for its `?`: most members have neither,
 * and then nobody's signals need reading for a score with them.
 */
export const MOOD_SIGNALS_SQL = `CASE WHEN EXISTS (SELECT 1 FROM user_moods um JOIN mood_types mt ON mt.id = um.mood_type_id
      WHERE um.user_id = ? AND ${RECENT_PUBLIC_MOODS})
    OR EXISTS (SELECT 1 FROM cultural_adaptation_assessments ca WHERE ca.user_id = ?) THEN 1 ELSE 0 END`;
export const moodSignalsBindings = (userId: number, now: number) => [userId, ...recentPublicMoodsBindings(now), userId];

export async function hasMoodSignals(db: Db, userId: number, now = Date.now()): Promise<boolean> {
  const [row] = await readRows<{ has: unknown }>(db, `SELECT ${MOOD_SIGNALS_SQL} AS "has"`, moodSignalsBindings(userId, now));
  return Number(row?.has) === 1;
}

const weightedMean = (items: MoodSignal[], pick: (m: MoodSignal) => number) =>
  items.reduce((s, m) => s + pick(m) * m.intensity, 0) / items.reduce((s, m) => s + m.intensity, 0);

/**
 * Mood compatibility of two members from their recent public moods and latest assessments.
 *   Emotional tone  = 100 − |mean valence A − mean valence B| / 4 × 100   (valence −2…2, weighted by intensity)
 *   Energy          = 100 − |mean energy A − mean energy B| / 4 × 100     (energy 1…5, weighted by intensity)
 *   Shared feelings = |moods both logged| / |moods either logged| × 100
 *   Cultural outlook= 100 − mean |level A − level B| / 4 × 100 over the five assessment answers
 * An aspect without data on both sides is left out; the score is the rounded mean of the aspects present,
 * or null when none is.
 */
export function moodCompatibility(a: MoodSignal[], b: MoodSignal[], ca: Levels | null, cb: Levels | null): MoodCompatibilityView {
  const details: MoodCompatibilityView['details'] = [];
  if (a.length && b.length) {
    details.push({ aspect: 'emotionalTone', score: Math.round(100 - (Math.abs(weightedMean(a, (m) => m.valence) - weightedMean(b, (m) => m.valence)) / 4) * 100) });
    details.push({ aspect: 'energy', score: Math.round(100 - (Math.abs(weightedMean(a, (m) => m.energy) - weightedMean(b, (m) => m.energy)) / 4) * 100) });
    const sa = new Set(a.map((m) => m.typeId));
    const sb = new Set(b.map((m) => m.typeId));
    const both = [...sa].filter((id) => sb.has(id)).length;
    details.push({ aspect: 'sharedFeelings', score: Math.round((both / new Set([...sa, ...sb]).size) * 100) });
  }
  if (ca && cb) {
    const keys: Array<keyof Levels> = ['homesicknessLevel', 'culturalIdentityStrength', 'localCultureComfortLevel', 'localFriendships', 'indianCommunityConnection'];
    const diff = keys.reduce((s, k) => s + Math.abs(ca[k] - cb[k]), 0) / keys.length;
    details.push({ aspect: 'culturalOutlook', score: Math.round(100 - (diff / 4) * 100) });
  }
  const score = details.length ? Math.round(details.reduce((s, d) => s + d.score, 0) / details.length) : null;
  return { score, details };
}

export async function latestAssessment(db: Db, userId: number): Promise<CulturalAdaptationAssessment | undefined> {
  return CulturalAdaptationAssessment.query(db).where({ userId }).orderBy('createdAt', 'desc').orderBy('id', 'desc').first();
}

/** Each band as a sentence ends: "comfortable with life abroad", not "comfortable to life abroad". */
/** Each band's key in the insight's message (server.text.insight.band), which words it in each language. */
const BAND_KEY: Record<string, string> = { 'Fully Adapted': 'fullyAdapted', Comfortable: 'comfortable', Adjusting: 'adjusting', Learning: 'learning', Exploring: 'exploring' };

const INTEGRATION_LEVEL: Record<string, number> = { traditional: 45, moderate: 65, modern: 85 };

/**
 * The other member's adaptation level (their latest assessment, else a level read from their profile's
 * cultural-integration answer) and a sentence comparing it with the viewer's own.
 */
export function culturalInsight(theirs: Levels | null, mine: Levels | null, theirIntegration: string | null, name: string, t: Translator = translatorFor('en')): CulturalInsightView {
  const level = theirs ? adaptationLevel(theirs) : theirIntegration ? (INTEGRATION_LEVEL[theirIntegration] ?? null) : null;
  if (level === null) return { adaptationLevel: null, description: t('server.text.insight.none', { name }) };
  const parts = [t('server.text.insight.band', { name, band: BAND_KEY[adaptationBand(level)] ?? 'exploring', source: theirs ? 'assessed' : 'profile', level })];
  if (mine) {
    const gap = Math.abs(adaptationLevel(mine) - level);
    parts.push(t(gap <= 10 ? 'server.text.insight.similar' : gap <= 25 ? 'server.text.insight.somewhat' : 'server.text.insight.quite'));
    if (theirs && mine.homesicknessLevel >= 4 && theirs.homesicknessLevel >= 4) parts.push(t('server.text.insight.homesick'));
  }
  return { adaptationLevel: level, description: parts.join(' ') };
}
