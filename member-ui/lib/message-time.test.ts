import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shortRelativeTime } from './message-time';

test('short relative times of the conversation list', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  assert.equal(shortRelativeTime(ago(20_000), now), 'just now');
  assert.equal(shortRelativeTime(ago(5 * 60_000), now), '5m ago');
  assert.equal(shortRelativeTime(ago(3 * 3_600_000), now), '3h ago');
  assert.equal(shortRelativeTime(ago(2 * 86_400_000), now), '2d ago');
  assert.equal(shortRelativeTime(ago(40 * 86_400_000), now), '1mo ago');
  assert.equal(shortRelativeTime(ago(400 * 86_400_000), now), '1y ago');
});
