import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { buildLike } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Card = { id: number; userId: number; matchPercentage: number | null };

test('who liked you: best match first, each percentage the one the profile page shows', async () => {
  const me = await signedInClient(server, { tier: 'premium' });
  await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male', country: 'Canada', city: 'Ottawa', agePreferenceMin: 28, agePreferenceMax: 34, locationPreference: ['Canada'] });
  // Three admirers, from a poor fit to a close one, liking in that order (most recent: the best).
  const fits = [
    { country: 'Australia', dateOfBirth: '1975-01-01', religion: 'Christian', motherTongue: 'Bengali', locationPreference: ['Australia'] },
    { country: 'United States', dateOfBirth: '1990-01-01', religion: 'Hindu', motherTongue: 'Hindi', locationPreference: ['United States'] },
    { country: 'Canada', dateOfBirth: '1994-06-01', religion: 'Hindu', motherTongue: 'Tamil', locationPreference: ['Canada'] },
  ];
  const myProfile = await server.db('profiles').where({ userId: me.user.id }).first('id');
  const likers = [];
  for (const [i, fit] of fits.entries()) {
    const liker = await signedInClient(server, { tier: 'premium' });
    const profile = await buildProfile(server, liker.user, { gender: 'male', lookingFor: 'female', ...fit });
    await buildLike(server.db, { userId: liker.user.id, likedProfileId: myProfile.id, createdAt: Date.now() + i });
    likers.push(profile);
  }
  const [poor, fair, close] = likers;
  const received = (await (await me.client.get(`/api/profile-likes/${me.user.id}/received`)).json()) as Card[];
  assert.deepEqual(received.map((c) => c.id), [close.id, fair.id, poor.id], 'best match first');
  for (const card of received) {
    const page = (await (await me.client.get(`/api/profiles/${card.id}`)).json()) as { matchPercentage: number | null };
    assert.equal(card.matchPercentage, page.matchPercentage, 'the same number as the profile page');
    assert.equal(typeof card.matchPercentage, 'number');
  }
  // A tryme member does not see who liked them at all.
  const tryme = await signedInClient(server, { tier: 'tryme' });
  assert.equal((await tryme.client.get(`/api/profile-likes/${tryme.user.id}/received`)).status, 403);
});
