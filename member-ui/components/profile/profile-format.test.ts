// Dates on profiles read as en-GB writes them, whatever the browser's zone; written without Intl (see formatDate).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDate } from './profile-format';

test('a date of birth reads as en-GB writes it, on the day it names', () => {
  for (const value of ['1993-08-21', '2000-01-01', '1988-12-31', '1996-02-29', '1970-05-09']) {
    const expected = new Date(`${value}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    assert.equal(formatDate(value), expected, value);
  }
  assert.equal(formatDate('1993-08-21'), '21 August 1993');
});

test("a moment reads as the date it is in the browser's zone", () => {
  for (const value of ['2026-11-28T23:30:00Z', '2026-01-01T00:10:00+05:30', '2026-06-15T12:00:00.000Z']) {
    assert.equal(formatDate(value), new Date(value).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }), value);
  }
});

test('nothing, or something that is no date, gives no date', () => {
  for (const value of [null, undefined, '', 'not a date', '1993-13-45']) assert.equal(formatDate(value), null, String(value));
});
