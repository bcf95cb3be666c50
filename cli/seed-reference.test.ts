import assert from 'node:assert/strict';
import { test } from 'node:test';
import { demoReferenceTime } from './commands/seed';

test('the demo data of a seed run today is never dated in the future, whatever the hour', () => {
  const today = new Date().toISOString().slice(0, 10);
  assert.ok(demoReferenceTime(today) <= Date.now());
  assert.equal(demoReferenceTime('2026-11-25'), Date.parse('2026-11-25T00:00:00Z'));
  assert.ok(Number.isNaN(demoReferenceTime('not-a-day')));
});
