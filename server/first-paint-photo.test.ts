// The profile page's HTML names the viewed profile's main photo for preloading (mainPhotoFor): exactly the address
// GET /api/profiles/:id gives that viewer first, and nothing when the viewer may not see the profile.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Photo } from './models/photo';
import { PrivacySettings } from './models/settings';
import { mainPhotoFor } from './services/profiles';
import { type TestServer, startTestServer } from './test/harness';
import { buildProfile, signedInClient } from './test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function memberWithPhotos(fullName: string) {
  const member = await signedInClient(server, { fullName });
  const profile = await buildProfile(server, member.user);
  for (const [position, fileKey] of [randomBytes(16).toString('hex'), randomBytes(16).toString('hex')].entries()) {
    await Photo.query(server.db).insert({
      userId: member.user.id, profileId: profile.id, purpose: 'profile', position, fileKey, width: 800, height: 1000, bytes: 1000, createdAt: Date.now(),
    } as Partial<Photo>);
  }
  return { ...member, profile };
}

const firstPhotoOfAnswer = async (client: Awaited<ReturnType<typeof signedInClient>>['client'], profileId: number) =>
  ((await (await client.get(`/api/profiles/${profileId}`)).json()) as { photoDetails: Array<{ url: string }> }).photoDetails[0].url;

test("a member who may see the profile: its first photo, the same address the profile's answer names", async () => {
  const owner = await memberWithPhotos('Meera Iyer');
  const viewer = await signedInClient(server, { fullName: 'Rohan Mehta' });
  const photo = await mainPhotoFor(server.db, viewer.user.id, owner.profile.id);
  assert.ok(photo?.startsWith('/media/photos/'), String(photo));
  assert.equal(photo, await firstPhotoOfAnswer(viewer.client, owner.profile.id));
  // Photos blurred by the owner: the blurred rendition, as the answer gives it.
  await PrivacySettings.query(server.db).insert({ userId: owner.user.id, blurPhotos: true, updatedAt: Date.now() } as Partial<PrivacySettings>).onConflict('userId').merge();
  const blurred = await mainPhotoFor(server.db, viewer.user.id, owner.profile.id);
  assert.equal(blurred, await firstPhotoOfAnswer(viewer.client, owner.profile.id));
});

test('a blocked member, a hidden profile, an unknown one or one without photos: nothing', async () => {
  const owner = await memberWithPhotos('Kavya Rao');
  const blocked = await signedInClient(server, { fullName: 'Vikram Shah' });
  await buildProfile(server, blocked.user, { gender: 'male', lookingFor: 'female' });
  assert.notEqual(await mainPhotoFor(server.db, blocked.user.id, owner.profile.id), null, 'seen before the block');
  assert.equal((await owner.client.post('/api/blocks', { userId: blocked.user.id })).status, 201);
  assert.equal(await mainPhotoFor(server.db, blocked.user.id, owner.profile.id), null);
  assert.equal((await blocked.client.get(`/api/profiles/${owner.profile.id}`)).status, 404);

  const hidden = await memberWithPhotos('Isha Kapoor');
  const stranger = await signedInClient(server, { fullName: 'Dev Malhotra' });
  await PrivacySettings.query(server.db).insert({ userId: hidden.user.id, profileVisibility: 'none', updatedAt: Date.now() } as Partial<PrivacySettings>).onConflict('userId').merge();
  assert.equal(await mainPhotoFor(server.db, stranger.user.id, hidden.profile.id), null);
  assert.equal(await mainPhotoFor(server.db, stranger.user.id, 999_999), null);
  const bare = await signedInClient(server, { fullName: 'Nisha Verma' });
  assert.equal(await mainPhotoFor(server.db, stranger.user.id, (await buildProfile(server, bare.user)).id), null);
});
