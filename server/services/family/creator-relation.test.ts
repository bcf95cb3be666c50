import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FAMILY_RELATION_VALUES } from '../../../contracts/family';
import { PROFILE_FOR, PROFILE_FOR_VALUES } from '../../../contracts/profile-for';
import { relationOfCreator } from './people';

test('whoever made a profile for someone else joins its family as what they are to the candidate', () => {
  const made = (profileFor: (typeof PROFILE_FOR_VALUES)[number], parentRelationship: string | null = null) =>
    relationOfCreator(PROFILE_FOR[profileFor].profileType, parentRelationship);
  assert.equal(made('son', 'father'), 'father');
  assert.equal(made('daughter', 'mother'), 'mother');
  assert.equal(made('brother'), 'sibling');
  assert.equal(made('relative'), 'relative');
  // A friend is a friend, not a "guardian".
  assert.equal(made('friend'), 'friend');
  assert.equal(made('son', null), 'guardian', 'a parent who did not say which: the one word that fits any');
  for (const key of PROFILE_FOR_VALUES.filter((k) => k !== 'self')) {
    assert.ok((FAMILY_RELATION_VALUES as readonly string[]).includes(made(key)), `${key}: a relation the family screens know`);
  }
});
