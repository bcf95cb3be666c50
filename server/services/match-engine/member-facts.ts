import type { Knex } from 'knex';
import { type Db, isPostgres, readArrays } from '../../db';
import { FAMILY_HIDDEN_SQL } from '../../policies/relationship';
import { moonLongitude } from '../kundali/chart';
import { type MemberValues, visibilityCode } from './member-row';

/**
 * What the index reads of members beside their lines: which have a profile photo, which wait behind (or were
 * declined at) the family consent gate, and the Moon longitude of those whose stored one is missing (worked out
 * here and stored for the next start-up). Each is one query for a whole page or scan, not one per member.
 */

/** The Moon longitude of profiles whose stored value is missing, worked out from their birth fields and stored. */
export async function fillMoons(db: Db, rows: MemberValues[]): Promise<void> {
  const missing = rows.filter((r) => r.moonLongitude === null);
  if (missing.length === 0) return;
  const byId = new Map(missing.map((r) => [r.profileId, r]));
  const birth = await db('profiles')
    .whereIn('id', [...byId.keys()])
    .select('id', 'userId', 'gender', 'dateOfBirth', 'birthHour', 'birthMinute', 'birthAmPm', 'birthPlace', 'zodiacSign', 'rashi', 'nakshatra', 'manglik')
    // In owner order: each write locks its owner's row to its commit (member-lines.ts), as other writers do in
    // this order, so that two of them cannot each wait for the other.
    .orderBy('userId');
  const same = isPostgres(db) ? 'IS NOT DISTINCT FROM' : 'IS';
  const fields = ['date_of_birth', 'birth_hour', 'birth_minute', 'birth_am_pm', 'birth_place', 'rashi', 'nakshatra', 'manglik'];
  const computed: Array<{ b: (typeof birth)[number]; manglik: boolean | null; value: number }> = [];
  for (const b of birth) {
    const manglik = b.manglik === null || b.manglik === undefined ? null : Boolean(Number(b.manglik));
    const value = moonLongitude({ ...b, manglik }) ?? -1;
    const row = byId.get(Number(b.id));
    if (row) row.moonLongitude = value;
    computed.push({ b, manglik, value });
  }
  try {
    await db.transaction(async (trx) => {
      for (const { b, manglik, value } of computed) {
        // Stored only if the birth fields are still the ones read (a concurrent edit clears the column again).
        const values = [b.dateOfBirth, b.birthHour, b.birthMinute, b.birthAmPm, b.birthPlace, b.rashi, b.nakshatra, manglik];
        await trx.raw(
          `UPDATE profiles SET moon_longitude = ? WHERE id = ? AND moon_longitude IS NULL AND ${fields.map((f) => `${f} ${same} ?`).join(' AND ')}`,
          [value, b.id, ...values.map((v) => (v === undefined ? null : v))] as Knex.RawBinding[],
        );
      }
    });
  } catch {
    // Storing is only a cache for the next start-up: a database refusing writes (read-only, full) still gets
    // answers, computed here.
  }
}

/** Which of these profiles (all, when `ids` is null) have a profile photo: far fewer rows than profiles. */
export async function withPhotos(db: Db, ids: number[] | null): Promise<Set<number>> {
  const sql = `SELECT DISTINCT profile_id FROM photos WHERE purpose = 'profile' AND profile_id IS NOT NULL${ids ? ` AND profile_id IN (${ids.map(() => '?').join(', ')})` : ''}`;
  return new Set((await readArrays(db, sql, ids ?? [])).rows.map((r) => Number(r[0])));
}

/**
 * Which of these profiles (all, when `ids` is null) the person they were made for declined (live for no one, so not
 * in the index), and which wait behind the consent gate for them to confirm (indexed as hidden from everyone: their
 * own account still searches with them). A handful of rows, read apart rather than probed for every profile of the scan.
 */
export async function familyGates(db: Db, ids: number[] | null): Promise<{ declined: Set<number>; awaiting: Set<number> }> {
  const sql = `SELECT profile_id, consent FROM profile_family WHERE ${FAMILY_HIDDEN_SQL('profile_family')}${ids ? ` AND profile_id IN (${ids.map(() => '?').join(', ')})` : ''}`;
  const declined = new Set<number>();
  const awaiting = new Set<number>();
  for (const r of (await readArrays(db, sql, ids ?? [])).rows) (r[1] === 'declined' ? declined : awaiting).add(Number(r[0]));
  return { declined, awaiting };
}

/** The visibility code the index gives a profile behind the consent gate: 'none', as the policy treats it. */
export const HIDDEN_FROM_ALL = visibilityCode('none');
