import assert from 'node:assert/strict';
import { test } from 'node:test';
import { badgeCount, groupedThousands, initialOf, monthAndYear, relativeTime } from './format';

test('badge counts: hidden at 0, exact up to 9, "9+" above', () => {
  assert.equal(badgeCount(0), null);
  assert.equal(badgeCount(undefined), null);
  assert.equal(badgeCount(1), '1');
  assert.equal(badgeCount(9), '9');
  assert.equal(badgeCount(10), '9+');
});

test('relative time follows the spec wording', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  assert.equal(relativeTime('2025-06-10T11:59:00Z', now), '1 min ago');
  assert.equal(relativeTime('2025-06-10T11:15:00Z', now), '45 mins ago');
  assert.equal(relativeTime('2025-06-10T10:00:00Z', now), '2 hours ago');
  assert.equal(relativeTime('2025-06-09T11:00:00Z', now), '1 day ago');
  assert.equal(relativeTime('2025-06-01T12:00:00Z', now), new Date('2025-06-01T12:00:00Z').toLocaleDateString());
});

test('avatar initials', () => {
  assert.equal(initialOf('priya sharma'), 'P');
  assert.equal(initialOf('  '), '?');
});

test('counts read with commas between thousands, as en-GB writes them', () => {
  for (const n of [0, 1, 12, 999, 1000, 2345, 99999, 100000, 1234567, 1000000000, -4321]) {
    assert.equal(groupedThousands(n), n.toLocaleString('en-GB'), String(n));
  }
});

test("a success story's dates read as month and year, the calendar month they name in every zone", () => {
  assert.equal(monthAndYear('2024-12-08T00:00:00.000Z'), 'December 2024');
  assert.equal(monthAndYear('2024-12-01T00:00:00.000Z'), 'December 2024');
  assert.equal(monthAndYear('2025-01-31'), 'January 2025');
  assert.equal(monthAndYear('not a date'), '');
});
