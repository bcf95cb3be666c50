import assert from 'node:assert/strict';
import { test } from 'node:test';
import { culturalInsight } from './moods';

test('the cultural insight reads as English in every band', () => {
  const byLevel = [
    ['modern', 'Arjun is fully adapted to life abroad, going by their profile.'],
    ['moderate', 'Arjun is comfortable with life abroad, going by their profile.'],
    ['traditional', 'Arjun is adjusting to life abroad, going by their profile.'],
  ] as const;
  for (const [integration, text] of byLevel) assert.equal(culturalInsight(null, null, integration, 'Arjun').description, text);
  for (const sentence of ['comfortable to life', 'learning to life', 'exploring to life']) {
    for (const integration of ['modern', 'moderate', 'traditional']) {
      assert.ok(!culturalInsight(null, null, integration, 'Arjun').description.includes(sentence));
    }
  }
});
