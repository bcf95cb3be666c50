import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addMonth, addYear } from './clock';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

test('a month is the same day next month, clamped to the month’s last day (UTC)', () => {
  assert.equal(iso(addMonth(at('2026-12-07T10:15:00.000Z'))), '2027-01-07T10:15:00.000Z');
  assert.equal(iso(addMonth(at('2027-01-31T23:59:59.999Z'))), '2027-02-28T23:59:59.999Z');
  assert.equal(iso(addMonth(at('2028-01-31T00:00:00.000Z'))), '2028-02-29T00:00:00.000Z', 'leap February');
  assert.equal(iso(addMonth(at('2027-03-31T08:00:00.000Z'))), '2027-04-30T08:00:00.000Z');
  assert.equal(iso(addMonth(at('2027-12-15T12:00:00.000Z'))), '2028-01-15T12:00:00.000Z', 'across the year');
  assert.equal(iso(addMonth(at('2027-03-28T00:30:00.000Z'))), '2027-04-28T00:30:00.000Z', 'the day London’s clocks change is a UTC day like any other');
});

test('a year is the same date next year; 29 February becomes 28 February', () => {
  assert.equal(iso(addYear(at('2026-12-07T10:15:00.000Z'))), '2027-12-07T10:15:00.000Z');
  assert.equal(iso(addYear(at('2028-02-29T12:00:00.000Z'))), '2029-02-28T12:00:00.000Z');
  assert.equal(iso(addYear(at('2027-02-28T12:00:00.000Z'))), '2028-02-28T12:00:00.000Z', 'not the 29th of a leap year');
});
