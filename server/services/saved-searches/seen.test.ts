import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SEEN_MAX, packSeen, rememberSeen, unpackSeen } from './seen';

test('the members a search has shown are kept in order as steps, and read back the same', () => {
  assert.equal(packSeen([60, 48, 50, 50]), '1c,2,a');
  assert.deepEqual([...unpackSeen('1c,2,a')], [48, 50, 60]);
  assert.deepEqual([...unpackSeen('')], []);
  const many = Array.from({ length: 5000 }, (_, i) => 1 + i * 7);
  assert.deepEqual([...unpackSeen(packSeen(many))], many);
});

test('a look adds what it found to what was known; past the most kept, only what it found stays', () => {
  assert.deepEqual([...unpackSeen(rememberSeen(new Set([1, 2]), [3, 2]))], [1, 2, 3]);
  const known = new Set(Array.from({ length: SEEN_MAX }, (_, i) => i + 1));
  assert.deepEqual([...unpackSeen(rememberSeen(known, [SEEN_MAX + 5, 3]))], [3, SEEN_MAX + 5]);
});
