import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Dictionaries } from './dictionaries';
import { dobDays } from './member-row';
import { blankValues } from './line-columns';
import { LineReader } from './line-reader';
import { FIELDS } from './packed-row';

/** A member's line: the profile id, the Moon longitude and the packed columns (U+001F between, U+001E for NULL). */
function line(values: Array<string | number | null>): string {
  return values.map((v) => (v === null ? '\u001e' : String(v))).join('\u001f');
}

/** The FIELDS values of a line, the varying ones from `i` (the search text last). */
function valuesFor(i: number): Array<string | number | null> {
  const genders = ['male', 'female', 'non-binary'];
  const profession = `profession ${i}`;
  const dob = `19${String(60 + (i % 40)).padStart(2, '0')}-0${1 + (i % 9)}-${String(10 + (i % 18))}`;
  const religion = i % 50 === 0 ? null : `religion ${i % 40}`;
  const values: Array<string | number | null> = [1000 + i, i % 4 === 0 ? null : 12.5 + i / 7, i, 18, 40, 1, 0, null, 1_700_000_000_000 + i];
  values.push(genders[i % 3], genders[(i + 1) % 3], dob, 'Canada', "Master's", profession, religion, i % 3 === 0 ? 'मराठी' : 'Tamil');
  while (values.length < FIELDS - 1) values.push(i % 7 === 0 ? '' : `v${values.length}-${i % 5}`);
  values.push(`Search text ${i}`);
  return values;
}

test('lines: repeated values (kept among the recent ones) and ever-new ones read back exactly, as dictionary ids', () => {
  const dicts = new Dictionaries();
  const reader = new LineReader(dicts);
  const text = Array.from({ length: 3000 }, (_, i) => line(valuesFor(i))).join('\n');
  const buf = Buffer.from(text, 'utf8');
  const v = blankValues();
  let from = 0;
  for (let i = 0; i < 3000; i++) {
    const end = i === 2999 ? buf.length : buf.indexOf(10, from);
    assert.ok(reader.fill(v, buf, from, end, false), `row ${i}`);
    const values = valuesFor(i);
    assert.equal(v.profileId, 1000 + i);
    assert.equal(v.moonLongitude, values[1]);
    assert.equal(v.userId, i);
    assert.equal(dicts.genders.values[v.gender], values[9]);
    assert.equal(dicts.genders.values[v.lookingFor], values[10]);
    assert.equal(v.dob, dobDays(values[11] as string));
    assert.equal(dicts.professions.values[v.profession], values[14]);
    assert.equal(dicts.religions.values[v.religion], values[15]);
    assert.equal(dicts.tongues.values[v.tongue], values[16]);
    assert.equal(dicts.diets.values[v.diet], values[18], "'' is not NULL");
    assert.equal(v.textBytes?.toString('utf8', v.textFrom, v.textTo), values[FIELDS - 1]);
    assert.equal(v.lastActiveAt, 1_700_000_000_000 + i);
    assert.equal(v.subscriptionEnds, null);
    from = end + 1;
  }
});

test('a line with a value holding the separator, too few values, or (COPY) a backslash is left to be read again', () => {
  const reader = new LineReader(new Dictionaries());
  const v = blankValues();
  const read = (values: Array<string | number | null>, escaped = false) => {
    const buf = Buffer.from(line(values), 'utf8');
    return reader.fill(v, buf, 0, buf.length, escaped);
  };
  assert.ok(read(valuesFor(1)));
  assert.equal(read(valuesFor(1).map((x, k) => (k === 14 ? 'two\u001fvalues' : x))), false);
  assert.equal(read(valuesFor(1).map((x, k) => (k === FIELDS - 1 ? 'free\u001ftext' : x))), false);
  assert.equal(read(valuesFor(1).slice(0, FIELDS - 1)), false);
  assert.equal(read(valuesFor(1).map((x, k) => (k === 14 ? 'back\\slash' : x)), true), false);
  assert.ok(read(valuesFor(1).map((x, k) => (k === 14 ? 'back\\slash' : x)), false), 'a backslash is itself outside COPY');
});
