import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SHARE_MESSAGES } from '../../../contracts/profile';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, jpegBytes, signedInClient } from '../../test/factories';
import { assertSameErrorAnswer } from '../../test/error-bodies';
import { buildFamilyMember, buildProfileFamily } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

async function ownerWithPhoto() {
  const owner = await signedInClient(server, { fullName: 'Nisha Patel' });
  const up = (await (await owner.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'n.jpg', 'image/jpeg')).json()) as { id: number };
  const profile = await buildProfile(server, owner.user, { profileType: 'parent', parentName: 'Kiran Patel', parentRelationship: 'father', parentContact: '+1 212 555 0188' });
  await owner.client.patch(`/api/profiles/${profile.id}`, { photoIds: [up.id] });
  return { ...owner, profile };
}

describe('share links', () => {
  test('the owner creates a link that anyone holding it can open; each view counts', async () => {
    const { client, profile } = await ownerWithPhoto();
    const created = await client.post(`/api/profiles/${profile.id}/share`, { expirationDays: 3 });
    assert.equal(created.status, 201);
    const share = (await created.json()) as { shareCode: string; expiresAt: string; id: number };
    assert.match(share.shareCode, /^[A-Za-z0-9_-]{22}$/, '128 random bits');
    const days = (Date.parse(share.expiresAt) - Date.now()) / 86_400_000;
    assert.ok(days > 2.99 && days <= 3);

    const visitor = new Client(server);
    const first = await visitor.get(`/api/shares/${share.shareCode}`);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('referrer-policy'), 'no-referrer');
    const view = (await first.json()) as { profile: Json; share: Json };
    assert.equal(view.profile.fullName, 'Nisha Patel');
    assert.equal(view.profile.parentName, 'Kiran Patel');
    assert.equal(view.profile.parentContact, undefined, 'contact details stay private');
    assert.equal(view.share.accessCount, 1);
    const [photoUrl] = view.profile.photos as string[];
    assert.match(photoUrl, new RegExp(`^/media/shares/${share.shareCode}/[a-f0-9]{32}\\.jpg$`));
    assert.equal((await visitor.get(photoUrl)).status, 200, 'the shared photo is readable through the link');

    const second = (await (await visitor.get(`/api/shares/${share.shareCode}`)).json()) as { share: Json };
    assert.equal(second.share.accessCount, 2);
    const list = (await (await client.get(`/api/profiles/${profile.id}/shares`)).json()) as { shares: Json[] };
    assert.equal(list.shares.length, 1);
    assert.equal(list.shares[0].accessCount, 2);
  });

  test('a stranger gets no internal id and no contact number, even from a member who shows their number', async () => {
    const { client, profile, user } = await ownerWithPhoto();
    await client.patch(`/api/users/${user.id}/privacy-settings`, { showPhoneNumber: true });
    const share = (await (await client.post(`/api/profiles/${profile.id}/share`, { expirationDays: 1 })).json()) as { shareCode: string };
    const body = (await (await new Client(server).get(`/api/shares/${share.shareCode}`)).json()) as { profile: Json; share: Json };
    const text = JSON.stringify(body);
    for (const key of ['userId', 'id', 'username', 'parentContact', 'income', 'incomeCurrency', 'visaImmigrationExperience']) assert.equal(body.profile[key], undefined, key);
    assert.deepEqual(Object.keys(body.profile.user as Json).sort(), ['fullName', 'isVerified']);
    assert.doesNotMatch(text, /555 0188/, "the parent's number is not in the answer");
    assert.doesNotMatch(text, new RegExp(`"(user)?[iI]d":${user.id}\\b`));
    assert.equal(body.profile.fullName, 'Nisha Patel');
  });

  test('expiry options are 1, 3, 7, 14, 30 with 7 by default', async () => {
    const { client, profile } = await ownerWithPhoto();
    const bad = await client.post(`/api/profiles/${profile.id}/share`, { expirationDays: 5 });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as Json).message, 'Expiry must be 1, 3, 7, 14 or 30 days');
    const byDefault = (await (await client.post(`/api/profiles/${profile.id}/share`, {})).json()) as { expiresAt: string };
    const days = (Date.parse(byDefault.expiresAt) - Date.now()) / 86_400_000;
    assert.ok(days > 6.99 && days <= 7);
  });

  test('a deactivated or expired link answers 410; an unknown one 404; the blur setting applies', async () => {
    const { client, profile, user } = await ownerWithPhoto();
    const share = (await (await client.post(`/api/profiles/${profile.id}/share`, { expirationDays: 1 })).json()) as { shareCode: string; id: number };
    await client.patch(`/api/users/${user.id}/privacy-settings`, { blurPhotos: true });
    const blurred = (await (await new Client(server).get(`/api/shares/${share.shareCode}`)).json()) as { profile: Json };
    const [url] = blurred.profile.photos as string[];
    assert.match(url, /_blur\.jpg$/);
    assert.equal((await new Client(server).get(url.replace('_blur', ''))).status, 404, 'the clear file is not served through the link');

    const other = await signedInClient(server);
    const notMine = await other.client.delete(`/api/shares/${share.id}`);
    assert.equal(notMine.status, 404, 'only the owner deactivates; to anyone else the link is not there');
    await assertSameErrorAnswer(notMine, await other.client.delete('/api/shares/987654321'));
    assert.equal((await client.delete(`/api/shares/${share.id}`)).status, 200);
    const gone = await new Client(server).get(`/api/shares/${share.shareCode}`);
    assert.equal(gone.status, 410);
    assert.equal(((await gone.json()) as Json).message, SHARE_MESSAGES.invalid);
    assert.equal((await new Client(server).get(url)).status, 404, 'photos stop with the link');

    const expiring = (await (await client.post(`/api/profiles/${profile.id}/share`, { expirationDays: 1 })).json()) as { shareCode: string };
    await server.db('profile_shares').where({ shareCode: expiring.shareCode }).update({ expiresAt: Date.now() - 1 });
    assert.equal((await new Client(server).get(`/api/shares/${expiring.shareCode}`)).status, 410);
    const unknown = await new Client(server).get('/api/shares/AAAAAAAAAAAAAAAAAAAAAA');
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as Json).message, SHARE_MESSAGES.invalid);
  });

  test('a deleted profile ends its links', async () => {
    const { client, profile } = await ownerWithPhoto();
    const share = (await (await client.post(`/api/profiles/${profile.id}/share`, {})).json()) as { shareCode: string };
    await client.delete(`/api/profiles/${profile.id}`);
    assert.equal((await new Client(server).get(`/api/shares/${share.shareCode}`)).status, 410);
  });

  test('family share the profile they help with while the candidate allows it; the candidate can end their links', async () => {
    const candidate = await signedInClient(server, { fullName: 'Meera Iyer' });
    const profile = await buildProfile(server, candidate.user);
    await buildProfileFamily(server.db, { profileId: profile.id, consent: 'confirmed' });
    const mother = await signedInClient(server, { fullName: 'Lakshmi Iyer' });
    await buildFamilyMember(server.db, { profileId: profile.id, userId: mother.user.id, relation: 'mother' });
    const stranger = await signedInClient(server);

    const helped = (await (await mother.client.get('/api/family')).json()) as Array<{ profileId: number; mayShare: boolean }>;
    assert.deepEqual(helped.map((h) => [h.profileId, h.mayShare]), [[profile.id, true]], 'on unless the candidate turns it off');
    const made = await mother.client.post(`/api/profiles/${profile.id}/share`, { expirationDays: 7 });
    assert.equal(made.status, 201);
    const share = (await made.json()) as { id: number; shareCode: string };
    const listed = (await (await mother.client.get(`/api/profiles/${profile.id}/shares`)).json()) as { shares: Array<{ id: number }> };
    assert.deepEqual(listed.shares.map((s) => s.id), [share.id]);
    assert.equal((await new Client(server).get(`/api/shares/${share.shareCode}`)).status, 200);

    const refused = await stranger.client.post(`/api/profiles/${profile.id}/share`, {});
    assert.equal(refused.status, 404, 'anyone else: the profile is not there');
    assert.equal((await stranger.client.delete(`/api/shares/${share.id}`)).status, 404);

    assert.equal((await candidate.client.patch(`/api/family/${profile.id}/permissions`, { mayShare: false })).status, 200);
    const helpedNow = (await (await mother.client.get('/api/family')).json()) as Array<{ mayShare: boolean }>;
    assert.equal(helpedNow[0]?.mayShare, false);
    const notAllowed = await mother.client.post(`/api/profiles/${profile.id}/share`, {});
    assert.equal(notAllowed.status, 403);
    assert.equal(((await notAllowed.json()) as Json).message, 'The person this profile is for has not allowed family to share it');
    assert.equal((await mother.client.get(`/api/profiles/${profile.id}/shares`)).status, 403);

    // The candidate sees and ends the link their mother made.
    const theirs = (await (await candidate.client.get(`/api/profiles/${profile.id}/shares`)).json()) as { shares: Array<{ id: number }> };
    assert.deepEqual(theirs.shares.map((s) => s.id), [share.id]);
    assert.equal((await candidate.client.delete(`/api/shares/${share.id}`)).status, 200);
    assert.equal((await new Client(server).get(`/api/shares/${share.shareCode}`)).status, 410);
  });
});
