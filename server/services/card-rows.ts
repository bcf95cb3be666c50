import type { Db } from '../db';
import { paddedIds, readRows } from '../db';
import type { Photo } from '../models/photo';
import type { Profile } from '../models/profile';
import type { User } from '../models/user';
import { AWAITING_CONSENT_SQL, type TargetFacts, type TargetRow, targetFactsOf } from '../policies/relationship';
import type { MatchEngine } from './match-engine/engine';

/**
 * What a profile card shows and what the relationship policy needs to know of its owner, kept in memory by
 * profile id. Every list of members presents its page from here, and most pages are of members some other viewer
 * was just shown, so reading them from the database each time was the largest part of a search after the engine
 * itself (20 profiles, their owners, privacy settings and first photos: about 100 index lookups).
 *
 * An entry is dropped when the match engine's change feed names its member: the triggers behind the feed watch
 * every column read here (the card's fields, the owner's name, status and verification, privacy, photos, the
 * candidate's consent), in every process, so a card is as current as the engine's ranking. Entries also expire
 * after ten minutes, and the least recently used go first beyond `max`.
 */
export interface CardRow {
  /** the profile as the card presenter reads it (its first profile photo only) */
  profile: Profile;
  owner: Pick<User, 'id' | 'fullName' | 'isVerified'>;
  /** the owner's facts for the relationship policy; the pair's (blocks, a match) come from the viewer */
  target: TargetFacts;
}

/**
 * One statement for the profiles `ids`: aliases quoted so both databases return them as written. A profile is
 * live unless deleted or declined by the person it was made for; one behind the consent gate is seen by its own
 * account only.
 */
const SQL = (count: number) => `
  SELECT p.id AS "id", p.user_id AS "userId", p.gender AS "gender", p.date_of_birth AS "dateOfBirth",
    p.profile_type AS "profileType", p.full_name AS "fullName", p.parent_name AS "parentName",
    p.parent_relationship AS "parentRelationship", p.location AS "location", p.city AS "city", p.country AS "country",
    p.profession AS "profession", p.education AS "education", p.religion AS "religion", p.mother_tongue AS "motherTongue",
    p.birth_hour AS "birthHour", p.birth_minute AS "birthMinute", p.birth_am_pm AS "birthAmPm", p.birth_place AS "birthPlace",
    p.zodiac_sign AS "zodiacSign", p.rashi AS "rashi", p.nakshatra AS "nakshatra", p.manglik AS "manglik",
    p.is_deleted AS "profileDeleted",
    o.full_name AS "ownerName", o.is_verified AS "ownerVerified", o.is_deleted AS "isDeleted", o.status AS "status", o.role AS "role",
    v.profile_visibility AS "profileVisibility", v.blur_photos AS "blurPhotos", v.allow_messages_from AS "allowMessagesFrom",
    (SELECT ph.file_key FROM photos ph WHERE ph.profile_id = p.id AND ph.purpose = 'profile' ORDER BY ph.position, ph.id LIMIT 1) AS "photoKey",
    (SELECT COUNT(*) FROM profile_family f WHERE f.profile_id = p.id AND f.consent = 'declined') AS "declined",
    (SELECT COUNT(*) FROM profile_family f WHERE f.profile_id = p.id AND ${AWAITING_CONSENT_SQL('f')}) AS "awaitingConsent"
  FROM profiles p
  JOIN users o ON o.id = p.user_id
  LEFT JOIN privacy_settings v ON v.user_id = p.user_id
  WHERE p.id IN (${new Array(count).fill('?').join(', ')})`;

/**
 * One copy of each value that many cards share (a city, a profession, a religion): the driver gives every row its
 * own strings, which were most of a card's memory. Bounded: past the limit values are kept as read.
 */
const shared = new Map<string, string>();
function one(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const known = shared.get(value);
  if (known !== undefined) return known;
  if (shared.size < 50_000) shared.set(value, value);
  return value;
}

type Row = TargetRow & Record<string, unknown> & { id: number; userId: number; photoKey: string | null; declined: unknown; awaitingConsent: unknown; profileDeleted: unknown };

function toCardRow(row: Row): CardRow {
  const id = Number(row.id);
  const userId = Number(row.userId);
  const profileLive = !Number(row.profileDeleted) && !Number(row.declined);
  const target = { ...targetFactsOf(userId, row, profileLive), awaitingConsent: Number(row.awaitingConsent) > 0 };
  const profile = {
    id, userId, gender: one(row.gender), dateOfBirth: one(row.dateOfBirth), profileType: one(row.profileType), fullName: row.fullName,
    parentName: row.parentName, parentRelationship: one(row.parentRelationship), location: one(row.location), city: one(row.city),
    country: one(row.country), profession: one(row.profession), education: one(row.education), religion: one(row.religion), motherTongue: one(row.motherTongue),
    // The birth fields give the card's rashi, nakshatra, Manglik and sign (the profile's own, see kundali/effective.ts).
    birthHour: row.birthHour === null ? null : Number(row.birthHour), birthMinute: row.birthMinute === null ? null : Number(row.birthMinute),
    birthAmPm: one(row.birthAmPm), birthPlace: one(row.birthPlace), zodiacSign: one(row.zodiacSign), rashi: one(row.rashi), nakshatra: one(row.nakshatra),
    manglik: row.manglik === null ? null : Boolean(Number(row.manglik)),
    photos: row.photoKey ? [{ id: 0, profileId: id, fileKey: row.photoKey } as Photo] : [],
  } as unknown as Profile;
  return { profile, owner: { id: userId, fullName: row.ownerName as string, isVerified: Boolean(Number(row.ownerVerified)) }, target };
}

export class CardRows {
  private readonly entries = new Map<number, { row: CardRow; at: number }>();
  /**
   * The cached card of each member (a change names the member): one per member, the latest read (a member's
   * deleted profile and their new one share the member; the older card goes when the newer is kept).
   */
  private readonly profileOf = new Map<number, number>();
  /** counts every forget; a read that began before a forget of its member is not kept */
  private generation = 0;
  private readonly forgotten = new Map<number, number>();
  private clearedAt = 0;

  constructor(
    private readonly db: Db,
    engine: MatchEngine,
    private readonly max = 20_000,
    private readonly ttlMs = 10 * 60_000,
  ) {
    engine.onMembersChanged((userIds) => this.forget(userIds));
  }

  /** The cards of these profiles that exist (deleted ones too: the policy leaves them out), by profile id. */
  async get(ids: number[]): Promise<Map<number, CardRow>> {
    const out = new Map<number, CardRow>();
    const missing: number[] = [];
    const now = Date.now();
    for (const id of ids) {
      const hit = this.entries.get(id);
      if (hit && now - hit.at < this.ttlMs) {
        this.entries.delete(id);
        this.entries.set(id, hit);
        out.set(id, hit.row);
      } else missing.push(id);
    }
    if (missing.length === 0) return out;
    const began = this.generation;
    const rows = await readRows<Row>(this.db, SQL(paddedIds(missing).length), paddedIds(missing));
    for (const r of rows) {
      const row = toCardRow(r);
      const id = row.profile.id;
      if (out.has(id)) continue;
      out.set(id, row);
      const userId = row.profile.userId;
      if (this.clearedAt > began || (this.forgotten.get(userId) ?? -1) > began) continue;
      this.entries.set(id, { row, at: now });
      const earlier = this.profileOf.get(userId);
      if (earlier !== undefined && earlier !== id) this.entries.delete(earlier);
      this.profileOf.set(userId, id);
      if (this.entries.size > this.max) this.evictOldest();
    }
    return out;
  }

  private evictOldest(): void {
    const [id, entry] = this.entries.entries().next().value as [number, { row: CardRow }];
    this.entries.delete(id);
    if (this.profileOf.get(entry.row.profile.userId) === id) this.profileOf.delete(entry.row.profile.userId);
  }

  /** These members changed (null: any may have): their cards are read again next time. */
  forget(userIds: number[] | null): void {
    this.generation++;
    if (userIds === null || this.forgotten.size + userIds.length > this.max * 2) {
      this.entries.clear();
      this.profileOf.clear();
      this.forgotten.clear();
      this.clearedAt = this.generation;
      return;
    }
    for (const userId of userIds) {
      this.forgotten.set(userId, this.generation);
      const id = this.profileOf.get(userId);
      if (id === undefined) continue;
      this.entries.delete(id);
      this.profileOf.delete(userId);
    }
  }
}
