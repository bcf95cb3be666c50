import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { PROFILE_MESSAGES } from '../../../contracts/profile';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, jpegBytes, profilePayload, signedInClient } from '../../test/factories';
import { buildLike, buildMatch } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;

const wizardPayload = (overrides: Json = {}): Json => profilePayload(overrides);

describe('creating a profile', () => {
  test('the wizard payload creates the profile with "city, country" and a default looking-for', async () => {
    const { client, user } = await signedInClient(server);
    const res = await client.post('/api/profiles', { ...wizardPayload(), userId: user.id, parentName: null, parentRelationship: null, parentContact: null });
    assert.equal(res.status, 201, JSON.stringify(await res.clone().json()));
    const profile = await json(res);
    assert.equal(profile.location, 'Toronto, Canada');
    assert.equal(profile.lookingFor, 'female');
    assert.equal(profile.fullName, user.fullName);
    assert.equal(profile.profileType, 'self');
    assert.equal(profile.basicInfoComplete, true);
    assert.equal(profile.personalDetailsComplete, false, 'height and marital status are not in the wizard');
    const again = await client.post('/api/profiles', wizardPayload());
    assert.equal(again.status, 409);
  });

  test('a new profile answers nothing the member was not asked: the NRI questions are null', async () => {
    const { client, user } = await signedInClient(server);
    const created = await json(await client.post('/api/profiles', wizardPayload()));
    for (const profile of [created, await json(await client.get(`/api/users/${user.id}/profile`))]) {
      assert.equal(profile.culturalIntegrationLevel, null);
      assert.equal(profile.returnToIndiaPlans, null);
      assert.equal(profile.languagePreferences, null);
      assert.deepEqual(profile.languages, []);
    }
    const row = await server.db('profiles').where({ id: created.id }).first('culturalIntegrationLevel', 'returnToIndiaPlans');
    assert.deepEqual(row, { culturalIntegrationLevel: null, returnToIndiaPlans: null });
  });

  test('every step message of the spec', async () => {
    const { client } = await signedInClient(server);
    const cases: Array<[Json, string]> = [
      [{ gender: undefined }, PROFILE_MESSAGES.genderRequired],
      [{ dateOfBirth: '' }, PROFILE_MESSAGES.dobRequired],
      [{ dateOfBirth: '2015-01-01' }, PROFILE_MESSAGES.tooYoung],
      [{ profileType: undefined }, PROFILE_MESSAGES.profileTypeRequired],
      [{ country: '' }, PROFILE_MESSAGES.countryRequired],
      [{ city: '  ' }, PROFILE_MESSAGES.cityRequired],
      [{ profileType: 'parent' }, PROFILE_MESSAGES.parentNameRequired],
      [{ profileType: 'parent', parentName: 'Sunita Patil' }, PROFILE_MESSAGES.parentRelationshipRequired],
      [{ profileType: 'parent', parentName: 'Sunita Patil', parentRelationship: 'mother' }, PROFILE_MESSAGES.parentContactRequired],
      [{ education: '' }, PROFILE_MESSAGES.educationRequired],
      [{ profession: '' }, PROFILE_MESSAGES.professionRequired],
      [{ profession: 'Architect\u001e' }, 'Must not contain control characters'],
      [{ agePreferenceMin: 16 }, PROFILE_MESSAGES.ageMinAtLeast],
      [{ agePreferenceMax: 17 }, PROFILE_MESSAGES.ageMaxAtLeast],
      [{ agePreferenceMin: 40, agePreferenceMax: 30 }, PROFILE_MESSAGES.ageOrder],
      [{ photoIds: [1, 2, 3, 4] }, PROFILE_MESSAGES.tooManyPhotos],
    ];
    for (const [overrides, message] of cases) {
      const payload = wizardPayload(overrides);
      for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete payload[k];
      const res = await client.post('/api/profiles', payload);
      assert.equal(res.status, 400, JSON.stringify(overrides));
      assert.equal((await json(res)).message, message, JSON.stringify(overrides));
    }
    const count = await server.db('profiles').count({ n: '*' }).first();
    assert.ok(Number(count?.n) >= 0);
  });

  test('a parent creates a profile for a daughter', async () => {
    const { client } = await signedInClient(server, { fullName: 'Meera Krishnan' });
    const res = await client.post(
      '/api/profiles',
      wizardPayload({ gender: 'female', profileType: 'parent', fullName: 'Ananya Krishnan', parentName: 'Lakshmi Krishnan', parentRelationship: 'mother', parentContact: '+44 7911 123456' }),
    );
    assert.equal(res.status, 201);
    const profile = await json(res);
    assert.equal(profile.fullName, 'Ananya Krishnan', 'published under the daughter\'s own name');
    assert.equal((profile.user as { fullName: string }).fullName, 'Meera Krishnan', 'the account keeps its own');
    assert.equal(profile.parentName, 'Lakshmi Krishnan');
    assert.equal(profile.parentContact, '+44 7911 123456', 'the owner sees the contact');
  });

  test('a managed profile needs the candidate\'s name; the parent contact must be a phone number', async () => {
    const { client } = await signedInClient(server, { fullName: 'Suresh Patel' });
    const parent = { gender: 'male', profileType: 'parent', parentName: 'Suresh Patel', parentRelationship: 'father' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...parent, parentContact: '+44 7911 123456' }, 'fullName', PROFILE_MESSAGES.candidateNameRequired],
      [{ ...parent, fullName: 'Rohan Patel', parentContact: 'abc' }, 'parentContact', PROFILE_MESSAGES.parentContactInvalid],
      [{ ...parent, fullName: 'Rohan Patel', parentContact: '12' }, 'parentContact', PROFILE_MESSAGES.parentContactInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await client.post('/api/profiles', wizardPayload(overrides));
      assert.equal(res.status, 400, JSON.stringify(overrides));
      const body = await json(res);
      assert.deepEqual([body.field, body.message], [field, message]);
    }
    // A national number is read in the profile's country (here the United Kingdom).
    const res = await client.post('/api/profiles', wizardPayload({ ...parent, fullName: 'Rohan Patel', parentContact: '07911 123456', country: 'United Kingdom' }));
    assert.equal(res.status, 201, JSON.stringify(await json(res.clone())));
    const profile = await json(res);
    assert.equal(profile.fullName, 'Rohan Patel');
    assert.equal(profile.parentName, 'Suresh Patel');
  });

  test('a visitor cannot create a profile', async () => {
    const res = await new Client(server).post('/api/profiles', wizardPayload());
    assert.equal(res.status, 401);
  });
});

describe('photos', () => {
  test('an uploaded photo is re-encoded without EXIF (GPS included) and attached in order', async () => {
    const { client, user } = await signedInClient(server);
    const original = await jpegBytes({ gps: true, width: 600, height: 800 });
    assert.ok((await sharp(original).metadata()).exif, 'the fixture carries EXIF');
    const up = await client.upload('/api/upload/photo', 'photo', original, 'me.jpg', 'image/jpeg');
    assert.equal(up.status, 201, await up.clone().text());
    const photo = (await up.json()) as { id: number; url: string; thumbnailUrl: string };
    assert.match(photo.url, /^\/media\/photos\/[a-f0-9]{32}\.jpg$/);
    const served = await client.get(photo.url);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/jpeg');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    assert.equal(meta.exif, undefined, 'no EXIF block at all');
    assert.equal(meta.format, 'jpeg');

    const created = await client.post('/api/profiles', wizardPayload({ photoIds: [photo.id] }));
    assert.equal(created.status, 201);
    const profile = await json(created);
    assert.deepEqual(profile.photos, [photo.url]);
    const row = await server.db('photos').where({ id: photo.id }).first();
    assert.equal(row.userId, user.id);
  });

  test('wrong types by content, oversized files and pixel floods are refused', async () => {
    const { client } = await signedInClient(server);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const renamed = await client.upload('/api/upload/photo', 'photo', png, 'holiday.gif', 'image/gif');
    assert.equal(renamed.status, 415, 'a PNG named .gif');
    const text = await client.upload('/api/upload/photo', 'photo', Buffer.from('just some text, not an image'), 'me.jpg', 'image/jpeg');
    assert.equal(text.status, 415, 'a text file named .jpg');
    const big = Buffer.concat([await jpegBytes(), Buffer.alloc(26 * 1024 * 1024, 1)]);
    const huge = await client.upload('/api/upload/photo', 'photo', big, 'big.jpg', 'image/jpeg');
    assert.equal(huge.status, 413, '26 MB');
    // 10000 × 10000 of one colour compresses to a few kilobytes but would need 300 MB to decode.
    const flood = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    assert.ok(flood.length < 10 * 1024 * 1024);
    const flooded = await client.upload('/api/upload/photo', 'photo', flood, 'flood.png', 'image/png');
    assert.equal(flooded.status, 422, 'pixel flood');
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }).gif().toBuffer();
    assert.equal((await client.upload('/api/upload/photo', 'photo', gif, 'fine.gif', 'image/gif')).status, 201, 'a real GIF is fine');
    const left = await server.db('photos').count({ n: '*' }).first();
    assert.ok(Number(left?.n) >= 1);
  });

  test('at most 3 photos; visitors cannot upload', async () => {
    const { client } = await signedInClient(server);
    for (let i = 0; i < 3; i++) assert.equal((await client.upload('/api/upload/photo', 'photo', await jpegBytes(), `p${i}.jpg`, 'image/jpeg')).status, 201);
    const fourth = await client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'p4.jpg', 'image/jpeg');
    assert.equal(fourth.status, 409);
    assert.equal((await json(fourth)).message, PROFILE_MESSAGES.tooManyPhotos);
    const visitor = await new Client(server).upload('/api/upload/photo', 'photo', await jpegBytes(), 'p.jpg', 'image/jpeg');
    assert.equal(visitor.status, 401);
  });

  test("a member cannot attach someone else's uploaded photo", async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    const up = (await (await a.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'a.jpg', 'image/jpeg')).json()) as { id: number };
    const res = await b.client.post('/api/profiles', wizardPayload({ photoIds: [up.id] }));
    assert.equal(res.status, 400);
    assert.equal((await b.client.delete(`/api/upload/photo/${up.id}`)).status, 404);
  });
});

describe('privacy on reads', () => {
  test('a blurred photo: non-matches get only the blurred file, matches get the clear one', async () => {
    const owner = await signedInClient(server);
    const up = (await (await owner.client.upload('/api/upload/photo', 'photo', await jpegBytes(), 'o.jpg', 'image/jpeg')).json()) as { id: number; url: string };
    const created = await json(await owner.client.post('/api/profiles', wizardPayload({ photoIds: [up.id] })));
    await owner.client.patch(`/api/users/${owner.user.id}/privacy-settings`, { blurPhotos: true });

    const stranger = await signedInClient(server);
    const seen = await json(await stranger.client.get(`/api/profiles/${created.id}`));
    assert.equal(seen.photosBlurred, true);
    const [blurredUrl] = seen.photos as string[];
    assert.match(blurredUrl, /_blur\.jpg$/);
    assert.equal((await stranger.client.get(blurredUrl)).status, 200);
    assert.equal((await stranger.client.get(up.url)).status, 404, 'the clear file is unreachable');
    assert.equal((await stranger.client.get(up.url.replace('.jpg', '_thumb.jpg'))).status, 404);
    assert.equal((await new Client(server).get(blurredUrl)).status, 404, 'visitors get nothing');

    const matchProfile = await buildProfile(server, stranger.user);
    await buildLike(server.db, { userId: stranger.user.id, likedProfileId: created.id as number });
    await buildLike(server.db, { userId: owner.user.id, likedProfileId: matchProfile.id });
    const [user1Id, user2Id] = [owner.user.id, stranger.user.id].sort((x, y) => x - y);
    await buildMatch(server.db, { user1Id, user2Id });
    assert.equal((await stranger.client.get(up.url)).status, 200, 'a match sees the clear photo');
  });

  test('a hidden profile is a 404 to others and visible to its owner', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user);
    await owner.client.patch(`/api/users/${owner.user.id}/privacy-settings`, { profileVisibility: 'none' });
    const other = await signedInClient(server);
    for (const p of [`/api/profiles/${profile.id}`, `/api/users/${owner.user.id}/profile`, `/api/profiles/user/${owner.user.id}`]) {
      const res = await other.client.get(p);
      assert.equal(res.status, 404, p);
      assert.equal((await json(res)).message, 'Profile not found');
    }
    assert.equal((await owner.client.get(`/api/profiles/${profile.id}`)).status, 200);
    const likeHidden = await other.client.post('/api/profile-likes', { likedProfileId: profile.id });
    assert.equal(likeHidden.status, 404);
  });

  test('"matches only" visibility shows the profile to matches alone', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user);
    await owner.client.patch(`/api/users/${owner.user.id}/privacy-settings`, { profileVisibility: 'matches' });
    const other = await signedInClient(server);
    assert.equal((await other.client.get(`/api/profiles/${profile.id}`)).status, 404);
    const [user1Id, user2Id] = [owner.user.id, other.user.id].sort((x, y) => x - y);
    await buildMatch(server.db, { user1Id, user2Id });
    assert.equal((await other.client.get(`/api/profiles/${profile.id}`)).status, 200);
  });

  test('a contact number shows only when the owner allows it', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user, { profileType: 'parent', parentName: 'Raj Mehta', parentRelationship: 'father', parentContact: '+1 416 555 0101' });
    const other = await signedInClient(server);
    assert.equal((await json(await other.client.get(`/api/profiles/${profile.id}`))).parentContact, null);
    await owner.client.patch(`/api/users/${owner.user.id}/privacy-settings`, { showPhoneNumber: true });
    assert.equal((await json(await other.client.get(`/api/profiles/${profile.id}`))).parentContact, '+1 416 555 0101');
  });
});

describe('ownership', () => {
  test('only the owner updates, deletes, reads completion and saves stages', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user);
    const other = await signedInClient(server);
    const visitor = new Client(server);
    const attempts: Array<[string, string, Json?]> = [
      ['PATCH', `/api/profiles/${profile.id}`, { city: 'Paris' }],
      ['DELETE', `/api/profiles/${profile.id}`],
      ['GET', `/api/profiles/${owner.user.id}/completion-status`],
      ['POST', `/api/profiles/${profile.id}/completion/4`, { familyBackground: 'Something long enough here' }],
      ['POST', `/api/profiles/${profile.id}/share`, { expirationDays: 7 }],
      ['GET', `/api/profiles/${profile.id}/shares`],
      ['GET', `/api/users/${owner.user.id}/privacy-settings`],
      ['PATCH', `/api/users/${owner.user.id}/privacy-settings`, { blurPhotos: true }],
      ['GET', `/api/users/${owner.user.id}/notification-settings`],
      ['PATCH', `/api/users/${owner.user.id}/notification-settings`, { profileViews: false }],
      ['GET', `/api/profile-likes/${owner.user.id}`],
      ['GET', `/api/profile-likes/${owner.user.id}/${profile.id}/check`],
      ['DELETE', `/api/profile-likes/${owner.user.id}/${profile.id}`],
      ['POST', '/api/profile-likes', { userId: owner.user.id, likedProfileId: profile.id }],
    ];
    for (const [method, path, payload] of attempts) {
      const res = await other.client.request(method, path, { json: payload });
      assert.ok([403, 404].includes(res.status), `another member ${method} ${path}: ${res.status}`);
      const anon = await visitor.request(method, path, { json: payload });
      assert.equal(anon.status, 401, `visitor ${method} ${path}`);
    }
    const fresh = await server.db('profiles').where({ id: profile.id }).first();
    assert.equal(fresh.city, 'London');
    assert.equal(Number(fresh.isDeleted), 0);
  });

  test('the owner edits, and deleting is soft and allows a new profile', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user);
    const patched = await owner.client.patch(`/api/profiles/${profile.id}`, { city: 'Manchester', nriResidenceCountry: 'uk', languagePreferences: JSON.stringify([{ language: 'tamil', fluency: 'native' }]) });
    assert.equal(patched.status, 200);
    const body = await json(patched);
    assert.equal(body.location, 'Manchester, United Kingdom');
    assert.deepEqual(body.languages, [{ language: 'tamil', fluency: 'native' }]);
    const badLanguages = await owner.client.patch(`/api/profiles/${profile.id}`, { languagePreferences: '[{"language":"klingon","fluency":"native"}]' });
    assert.equal(badLanguages.status, 400);
    const unknownField = await owner.client.patch(`/api/profiles/${profile.id}`, { subscriptionTier: 'elite' });
    assert.equal(unknownField.status, 400, 'fields outside the profile are refused');
    // A read-only field the GET returned is accepted back and changes nothing.
    const readOnly = await owner.client.patch(`/api/profiles/${profile.id}`, { isVerified: true });
    assert.equal(readOnly.status, 200);
    assert.equal((await json(readOnly)).isVerified, false);

    assert.equal((await owner.client.delete(`/api/profiles/${profile.id}`)).status, 200);
    const row = await server.db('profiles').where({ id: profile.id }).first();
    assert.equal(Number(row.isDeleted), 1);
    assert.ok(row.deletedAt);
    assert.equal((await owner.client.get(`/api/profiles/${profile.id}`)).status, 404);
    assert.equal((await owner.client.post('/api/profiles', wizardPayload())).status, 201, 'a new one can be created');
  });
});

describe('completion stages', () => {
  test('status reports the next stage; later stages are refused; saving a stage advances', async () => {
    const { client, user } = await signedInClient(server);
    const created = await json(
      await client.post('/api/profiles', wizardPayload({ familyBackground: undefined, agePreferenceMin: undefined, agePreferenceMax: undefined })),
    );
    const status = await json(await client.get(`/api/profiles/${user.id}/completion-status`));
    // Stages 1 and 3: the wizard's birth time and place (Pune) give the chart.
    assert.equal(status.completionPercentage, 40);
    assert.deepEqual((status.nextStage as Json).stage, 2);
    assert.ok(((status.nextStage as Json).fields as string[]).includes('height'));

    const early = await client.post(`/api/profiles/${created.id}/completion/4`, { familyBackground: 'We are a big joint family in Pune.' });
    assert.equal(early.status, 409);
    assert.equal((await json(early)).message, 'Please complete the current stage before moving to the next one.');

    const messages: Array<[Json, string]> = [
      [{ education: "Master's", profession: 'Engineer', maritalStatus: 'never_married', about: 'Long enough bio.' }, PROFILE_MESSAGES.heightRequired],
      [{ height: 175, profession: 'Engineer', maritalStatus: 'never_married', about: 'Long enough bio.' }, PROFILE_MESSAGES.educationRequired],
      [{ height: 175, education: "Master's", maritalStatus: 'never_married', about: 'Long enough bio.' }, PROFILE_MESSAGES.professionRequired],
      [{ height: 175, education: "Master's", profession: 'Engineer', about: 'Long enough bio.' }, PROFILE_MESSAGES.maritalStatusRequired],
      [{ height: 175, education: "Master's", profession: 'Engineer', maritalStatus: 'never_married', about: 'short' }, PROFILE_MESSAGES.bioMin],
      [{ height: 175, education: "Master's", profession: 'Engineer', maritalStatus: 'never_married', about: 'x'.repeat(501) }, PROFILE_MESSAGES.bioMax],
    ];
    for (const [payload, message] of messages) {
      const res = await client.post(`/api/profiles/${created.id}/completion/2`, payload);
      assert.equal(res.status, 400);
      assert.equal((await json(res)).message, message);
    }
    const ok = await client.post(`/api/profiles/${created.id}/completion/2`, { height: 175, education: "Master's", profession: 'Engineer', maritalStatus: 'never_married', about: 'I enjoy hiking in the Rockies.' });
    assert.equal(ok.status, 200);
    const result = await json(ok);
    assert.equal(result.message, 'Stage 2 (Personal Details) completed successfully!');
    assert.equal((result.completion as Json).completionPercentage, 60);

    const zodiac = await client.post(`/api/profiles/${created.id}/completion/3`, {});
    assert.equal((await json(zodiac)).message, PROFILE_MESSAGES.zodiacRequired);
    assert.equal((await client.post(`/api/profiles/${created.id}/completion/3`, { zodiacSign: 'Leo', manglik: true })).status, 200);
    const family = await client.post(`/api/profiles/${created.id}/completion/4`, { familyBackground: '' });
    assert.equal((await json(family)).message, PROFILE_MESSAGES.familyBackgroundRequired);
    const tooLong = await client.post(`/api/profiles/${created.id}/completion/4`, { familyBackground: 'y'.repeat(501) });
    assert.equal((await json(tooLong)).message, PROFILE_MESSAGES.familyBackgroundMax);
    assert.equal((await client.post(`/api/profiles/${created.id}/completion/4`, { familyBackground: 'Joint family, three generations.' })).status, 200);
    const prefs = await client.post(`/api/profiles/${created.id}/completion/5`, { agePreferenceMin: 17, agePreferenceMax: 30 });
    assert.equal((await json(prefs)).message, PROFILE_MESSAGES.ageMinAtLeast);
    assert.equal((await client.post(`/api/profiles/${created.id}/completion/5`, { agePreferenceMin: 25, agePreferenceMax: 31 })).status, 200);
    const done = await json(await client.get(`/api/profiles/${user.id}/completion-status`));
    assert.equal(done.completionPercentage, 100);
    assert.equal(done.nextStage, null);
  });
});

describe('profile views', () => {
  test('viewing notifies the owner once a day, and not when profileViews is off', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user);
    const viewer = await signedInClient(server, { fullName: 'Arjun Nair' });
    await viewer.client.get(`/api/profiles/${profile.id}`);
    await viewer.client.get(`/api/profiles/${profile.id}`);
    const posted = await viewer.client.post('/api/notifications', { userId: owner.user.id, type: 'profile_view', title: 'x', content: 'y', sourceId: profile.id, sourceType: 'profile' });
    assert.equal(posted.status, 200);
    const rows = await server.db('notifications').where({ userId: owner.user.id, type: 'profile_view' });
    assert.equal(rows.length, 1);
    assert.equal(rows[0].content, 'Arjun Nair viewed your profile');

    const forged = await viewer.client.post('/api/notifications', { userId: owner.user.id, type: 'match', title: 'Fake match!' });
    assert.equal(forged.status, 400);

    const quiet = await signedInClient(server);
    const quietProfile = await buildProfile(server, quiet.user);
    await quiet.client.patch(`/api/users/${quiet.user.id}/notification-settings`, { profileViews: false });
    await viewer.client.get(`/api/profiles/${quietProfile.id}`);
    assert.equal((await server.db('notifications').where({ userId: quiet.user.id })).length, 0);
  });
});

describe('match percentage on a profile view', () => {
  test('computed for a viewer with a profile (Kundali included), absent for the owner and for a viewer without one', async () => {
    const owner = await signedInClient(server);
    const profile = await buildProfile(server, owner.user, { gender: 'male', lookingFor: 'female' });
    assert.equal((await json(await owner.client.get(`/api/profiles/${profile.id}`))).matchPercentage, null);
    const noProfile = await signedInClient(server);
    assert.equal((await json(await noProfile.client.get(`/api/profiles/${profile.id}`))).matchPercentage, null);
    const viewer = await signedInClient(server);
    await buildProfile(server, viewer.user, { gender: 'female', lookingFor: 'male' });
    const pct = (await json(await viewer.client.get(`/api/profiles/${profile.id}`))).matchPercentage as number;
    assert.ok(Number.isInteger(pct) && pct > 0 && pct <= 100, `got ${pct}`);
  });
});

describe('likes and matches', () => {
  test('A likes B, B likes A: both get a match notification; unlike dissolves the match', async () => {
    const a = await signedInClient(server, { fullName: 'Aditi Rao' });
    const b = await signedInClient(server, { fullName: 'Vikram Sethi' });
    const pa = await buildProfile(server, a.user);
    const pb = await buildProfile(server, b.user, { gender: 'male', lookingFor: 'female' });

    const like = await a.client.post('/api/profile-likes', { userId: a.user.id, likedProfileId: pb.id });
    assert.equal(like.status, 201);
    assert.deepEqual(await json(await a.client.get(`/api/profile-likes/${a.user.id}/${pb.id}/check`)), { isLiked: true, likedBy: null });
    const likeNote = await server.db('notifications').where({ userId: b.user.id, type: 'like' }).first();
    assert.equal(likeNote.relatedItemId, pa.id, 'the like notification points at the liker profile');
    assert.equal((await a.client.post('/api/profile-likes', { likedProfileId: pb.id })).status, 200, 'liking twice is harmless');

    const back = await json(await b.client.post('/api/profile-likes', { likedProfileId: pa.id }));
    assert.equal(back.isMatch, true);
    const matchA = await server.db('notifications').where({ userId: a.user.id, type: 'match' });
    const matchB = await server.db('notifications').where({ userId: b.user.id, type: 'match' });
    assert.equal(matchA.length, 1);
    assert.equal(matchB.length, 1);
    assert.equal(matchA[0].relatedItemId, pb.id);
    assert.equal(matchB[0].relatedItemId, pa.id);

    const list = (await (await a.client.get(`/api/profile-likes/${a.user.id}`)).json()) as Json[];
    assert.equal(list.length, 1);
    assert.equal(list[0].id, pb.id);
    assert.equal((list[0].user as Json).fullName, 'Vikram Sethi');

    assert.equal((await a.client.delete(`/api/profile-likes/${a.user.id}/${pb.id}`)).status, 200);
    assert.equal((await server.db('matches').where({ user1Id: Math.min(a.user.id, b.user.id) })).length, 0);
    assert.deepEqual(await json(await a.client.get(`/api/profile-likes/${a.user.id}/${pb.id}/check`)), { isLiked: false, likedBy: null });
  });

  test('liking your own profile is refused; another member id in the body is refused', async () => {
    const a = await signedInClient(server);
    const pa = await buildProfile(server, a.user);
    assert.equal((await a.client.post('/api/profile-likes', { likedProfileId: pa.id })).status, 400);
    const b = await signedInClient(server);
    const pb = await buildProfile(server, b.user);
    const spoof = await a.client.post('/api/profile-likes', { userId: b.user.id, likedProfileId: pb.id });
    assert.equal(spoof.status, 403);
    assert.equal((await server.db('profile_likes').where({ userId: b.user.id })).length, 0);
  });
});

describe('blocks and reports', () => {
  test('blocked pairs cannot see each other; likes and matches between them end', async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    const pa = await buildProfile(server, a.user);
    const pb = await buildProfile(server, b.user);
    await a.client.post('/api/profile-likes', { likedProfileId: pb.id });
    await b.client.post('/api/profile-likes', { likedProfileId: pa.id });
    const block = await a.client.post('/api/blocks', { userId: b.user.id });
    assert.equal(block.status, 201);
    assert.equal((await b.client.get(`/api/profiles/${pa.id}`)).status, 404);
    assert.equal((await a.client.get(`/api/profiles/${pb.id}`)).status, 404);
    assert.deepEqual(await (await a.client.get(`/api/profile-likes/${a.user.id}`)).json(), []);
    assert.equal((await server.db('matches').where({ user1Id: Math.min(a.user.id, b.user.id), user2Id: Math.max(a.user.id, b.user.id) })).length, 0);
    assert.equal((await b.client.post('/api/profile-likes', { likedProfileId: pa.id })).status, 404);
    const list = (await (await a.client.get('/api/blocks')).json()) as Json[];
    assert.equal(list[0].userId, b.user.id);
    assert.equal((await a.client.delete(`/api/blocks/${b.user.id}`)).status, 200);
    assert.equal((await b.client.get(`/api/profiles/${pa.id}`)).status, 200);
    assert.equal((await a.client.post('/api/blocks', { userId: a.user.id })).status, 400);
  });

  test('a report needs a reason from the list and lands in the queue', async () => {
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    await buildProfile(server, b.user);
    const bad = await a.client.post('/api/reports', { reportedUserId: b.user.id, reason: 'because' });
    assert.equal(bad.status, 400);
    assert.equal((await json(bad)).message, 'Please choose a reason for the report');
    const ok = await a.client.post('/api/reports', { reportedUserId: b.user.id, reason: 'fake_profile', details: 'Photos are of a film star' });
    assert.equal(ok.status, 201);
    const row = await server.db('reports').where({ reporterId: a.user.id }).first();
    assert.equal(row.status, 'open');
    assert.equal(row.details, 'Photos are of a film star');
    assert.equal((await new Client(server).post('/api/reports', { reportedUserId: b.user.id, reason: 'other' })).status, 401);
  });
});

describe('the profile page\'s guna score', () => {
  test('gives exactly gunaScoreForProfiles, from the birth fields or the stored Moon, null when a chart cannot be cast', async () => {
    const { gunaScoreForProfiles } = await import('../../services/kundali');
    const { moonLongitude } = await import('../../services/kundali/chart');
    const { profileGunaScore } = await import('../../services/profile-answer');
    const people = [
      { gender: 'female', dateOfBirth: '1995-04-12', birthHour: 6, birthMinute: 30, birthAmPm: 'AM', birthPlace: 'Chennai, India', zodiacSign: null, rashi: null, nakshatra: null, manglik: false },
      { gender: 'male', dateOfBirth: '1992-11-03', birthHour: 9, birthMinute: 15, birthAmPm: 'PM', birthPlace: 'London, United Kingdom', zodiacSign: null, rashi: null, nakshatra: null, manglik: null },
      { gender: 'male', dateOfBirth: '1990-01-20', birthHour: null, birthMinute: null, birthAmPm: null, birthPlace: null, zodiacSign: null, rashi: 'Simha', nakshatra: 'Magha', manglik: null },
      { gender: 'male', dateOfBirth: '1991-07-07', birthHour: null, birthMinute: null, birthAmPm: null, birthPlace: null, zodiacSign: null, rashi: null, nakshatra: null, manglik: null },
      { gender: 'female', dateOfBirth: null, birthHour: null, birthMinute: null, birthAmPm: null, birthPlace: null, zodiacSign: null, rashi: 'Meena', nakshatra: 'Revati', manglik: true },
    ];
    // As the engine stores it: the longitude, or -1 for none.
    const stored = people.map((p) => ({ ...p, moonLongitude: moonLongitude(p) ?? -1 }));
    for (const [i, a] of people.entries()) {
      for (const [j, b] of people.entries()) {
        const want = gunaScoreForProfiles(a, b);
        assert.equal(profileGunaScore(a, b), want);
        assert.equal(profileGunaScore(stored[i], stored[j]), want);
        assert.equal(profileGunaScore(stored[i], b), want);
      }
    }
    assert.equal(profileGunaScore(people[0], people[3]), null);
    assert.equal(typeof profileGunaScore(people[0], people[1]), 'number');
  });
});
