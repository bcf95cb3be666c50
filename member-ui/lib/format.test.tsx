import assert from 'node:assert/strict';
import { test } from 'node:test';
import { badgeCount, initialOf, relativeTime } from './format';

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
