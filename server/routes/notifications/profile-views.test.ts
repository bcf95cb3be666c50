import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LiveEvent } from '../../services/live-events';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';

type Json = Record<string, unknown>;
let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** A member of `tier` whose profile a named premium member opens; what the owner's bell and stream receive. */
async function viewedBy(tier: 'tryme' | 'premium') {
  const owner = await signedInClient(server, { tier });
  const ownerProfile = await buildProfile(server, owner.user, { gender: 'female', lookingFor: 'male' });
  const viewer = await signedInClient(server, { tier: 'premium', fullName: 'Rohan Viewer' });
  const viewerProfile = await buildProfile(server, viewer.user, { gender: 'male', lookingFor: 'female' });
  const streamed: LiveEvent[] = [];
  const stop = server.services.live.subscribe(owner.user.id, (event) => streamed.push(event));
  try {
    const res = await viewer.client.post('/api/notifications', { type: 'profile_view', profileId: ownerProfile.id });
    assert.equal(res.status, 201);
  } finally {
    stop();
  }
  const bell = (await (await owner.client.get(`/api/notifications/${owner.user.id}`)).json()) as Json[];
  return { viewer, viewerProfile, bell: bell.filter((n) => n.type === 'profile_view'), streamed: streamed.filter((e) => e.kind === 'notification').map((e) => e.payload) };
}

describe('profile-view notifications follow the tier rule of likes', () => {
  test('a tryme member learns that someone viewed them, never who: no name, no profile or user id, in the bell and the live stream', async () => {
    const { viewer, viewerProfile, bell, streamed } = await viewedBy('tryme');
    assert.equal(bell.length, 1);
    assert.equal(streamed.length, 1);
    for (const shown of [bell[0], streamed[0]]) {
      assert.equal(shown.title, 'Someone viewed your profile');
      assert.equal(shown.content, 'Upgrade to Premium or Elite to see who.');
      assert.equal(shown.relatedItemId, null);
      assert.equal(shown.sourceId, null);
      assert.equal(shown.sourceType, null);
      const text = JSON.stringify(shown);
      assert.doesNotMatch(text, /Rohan/);
      assert.ok(!text.includes(`:${viewerProfile.id},`) && !text.includes(`:${viewer.user.id},`), `no viewer id in ${text}`);
    }
  });

  test('a premium member sees who viewed them, with the link to their profile', async () => {
    const { viewerProfile, bell, streamed } = await viewedBy('premium');
    for (const shown of [bell[0], streamed[0]]) {
      assert.equal(shown.content, 'Rohan Viewer viewed your profile');
      assert.equal(shown.relatedItemId, viewerProfile.id);
    }
  });
});
