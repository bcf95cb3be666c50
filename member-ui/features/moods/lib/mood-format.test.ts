import assert from 'node:assert/strict';
import { test } from 'node:test';
import { intensityLabel, moodTime } from './mood-format';

test('intensity labels: 1 Very mild … 5 Very strong; prompt entries as a percentage', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((intensity) => intensityLabel({ intensity, scale: 'tracker' })),
    ['Very mild', 'Mild', 'Moderate', 'Strong', 'Very strong'],
  );
  assert.equal(intensityLabel({ intensity: 50, scale: 'prompt' }), '50%');
});

test('relative time: Today at / Yesterday at / the date, across midnight and month ends', () => {
  const now = new Date(2026, 2, 1, 8, 0); // 1 March, 08:00 local
  assert.equal(moodTime(new Date(2026, 2, 1, 15, 5).toISOString(), now), 'Today at 3:05 PM');
  assert.equal(moodTime(new Date(2026, 1, 28, 23, 59).toISOString(), now), 'Yesterday at 11:59 PM');
  assert.equal(moodTime(new Date(2026, 1, 27, 12, 0).toISOString(), now), 'Feb 27, 2026');
  assert.equal(moodTime('not a date', now), '');
});
