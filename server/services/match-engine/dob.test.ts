import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { dobDays } from './member-row';
import { NO_DOB } from './store';

/** What dobDays must answer: the day count of a day ageFromDateOfBirth takes as real (its own Date reading). */
function reference(value: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return NO_DOB;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return NO_DOB;
  return Math.round(date.getTime() / 86_400_000);
}

test('birth dates: the digit-by-digit day count equals the Date reading, for real and impossible days', () => {
  const pad = (n: number, w: number) => String(n).padStart(w, '0');
  const written = fc.tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 })).map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
  fc.assert(fc.property(fc.oneof(written, fc.string({ maxLength: 12 })), (value) => assert.equal(dobDays(value), reference(value))), { numRuns: 20_000 });
  for (const [value, days] of [['1970-01-01', 0], ['2000-02-29', 11016], ['1900-02-29', NO_DOB], ['2024-02-30', NO_DOB], ['1999-1-01', NO_DOB]] as const) {
    assert.equal(dobDays(value), days, value);
  }
  assert.equal(dobDays(null), NO_DOB);
});
