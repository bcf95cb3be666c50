import assert from 'node:assert/strict';
import { test } from 'node:test';
import { birthDateText, generatedAt } from './kundali-format';

test('a birth date reads as en-US short dates read, on its own calendar day in any zone', () => {
  const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  for (const value of ['1993-08-21', '1990-01-01', '1987-09-30', '2000-02-29', '1995-12-31', '1999-05-07T00:00:00.000Z']) {
    assert.equal(birthDateText(value), intl.format(new Date(`${value.slice(0, 10)}T00:00:00Z`)), value);
  }
  assert.equal(birthDateText('1993-08-21'), 'Aug 21, 1993');
  assert.equal(birthDateText(null), null);
  assert.equal(birthDateText('not a date'), 'not a date');
});

test('when an analysis was written reads in the reader’s own zone', () => {
  const at = '2026-11-29T02:05:00.000Z';
  assert.equal(generatedAt(at), new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)));
  assert.equal(generatedAt('garbage'), 'garbage');
});
