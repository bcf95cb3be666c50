import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MemberRow } from './member-row';
import { PackedReader } from './packed-row';

/** A packed text of the 28 columns (U+001F between, U+001E for NULL), as the database writes one. */
function packed(values: Array<string | number | null>): string {
  return values.map((v) => (v === null ? '\u001e' : String(v))).join('\u001f');
}

test('packed rows: repeated values (kept among the recent ones) and ever-new ones (a column that stops keeping them) read back exactly', () => {
  const reader = new PackedReader();
  const row = {} as MemberRow;
  const genders = ['male', 'female', 'non-binary'];
  for (let i = 0; i < 3000; i++) {
    const profession = `profession ${i}`;
    const dob = `19${String(60 + (i % 40)).padStart(2, '0')}-0${1 + (i % 9)}-${String(10 + (i % 18))}`;
    const religion = i % 50 === 0 ? null : `religion ${i % 40}`;
    const values = [i, 18, 40, 1, 0, null, 1_700_000_000_000 + i, genders[i % 3], genders[(i + 1) % 3], dob, 'Canada', "Master's", profession, religion];
    while (values.length < 27) values.push(i % 7 === 0 ? '' : `v${values.length}-${i % 5}`);
    values.push(`search text ${i}`);
    assert.ok(reader.fill(row, [i, null, packed(values)]), `row ${i}`);
    assert.equal(row.userId, i);
    assert.equal(row.gender, genders[i % 3]);
    assert.equal(row.lookingFor, genders[(i + 1) % 3]);
    assert.equal(row.dateOfBirth, dob);
    assert.equal(row.profession, profession);
    assert.equal(row.religion, religion);
    assert.equal(row.diet, i % 7 === 0 ? '' : `v16-${i % 5}`);
    assert.equal(row.searchText, `search text ${i}`);
  }
});
