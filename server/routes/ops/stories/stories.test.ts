import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../../test/harness';
import { buildUser, jpegBytes, signedInClient } from '../../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
type Story = Json & { id: number; photos: string[]; photoKeys: string[]; consent: { user1: Json | null; user2: Json | null } };

async function reviewer() {
  const { user, password } = await buildUser(server, { role: 'reviewer' });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return client;
}

/** The answer link emailed to this address most recently. */
async function consentLink(email: string): Promise<string> {
  const mail = await server.db('email_outbox').where({ toEmail: email }).where('subject', 'like', '%success story%').orderBy('id', 'desc').first();
  const token = /\/story-consent\/([A-Za-z0-9_-]+)/.exec(mail?.bodyText ?? '')?.[1];
  assert.ok(token, 'a consent email with a link');
  return token;
}

const publicNames = async () => ((await (await new Client(server).get('/api/success-stories')).json()) as Array<{ user1: Json; user2: Json }>).flatMap((s) => [s.user1.fullName, s.user2.fullName]);

async function newStory(staff: Client, a: { id: number }, b: { id: number }): Promise<Story> {
  const res = await staff.post('/api/ops/stories', { user1Id: a.id, user2Id: b.id, matchDate: '2025-02-01', testimonial: 'We met on Saathi and our families agreed within a week.' });
  assert.equal(res.status, 201);
  return (await res.json()) as Story;
}

async function addPhoto(staff: Client, storyId: number): Promise<Story> {
  const form = new FormData();
  form.append('photo', new Blob([new Uint8Array(await jpegBytes())], { type: 'image/jpeg' }), 'couple.jpg');
  const res = await fetch(`${server.url}/api/ops/stories/${storyId}/photos`, { method: 'POST', headers: { Cookie: staff.cookieHeader(), Origin: server.origin, Accept: 'application/json' }, body: form });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()) as Story;
}

describe('stories with consent', () => {
  test('published only after both accept (in the app and by email); a withdrawal takes it and its photos down at once', async () => {
    const staff = await reviewer();
    const a = await signedInClient(server, { fullName: 'Leela Varma' });
    const b = await signedInClient(server, { fullName: 'Rohan Varma' });
    const story = await newStory(staff, a.user, b.user);
    const withPhoto = await addPhoto(staff, story.id);
    const photo = withPhoto.photos[0];

    assert.equal((await staff.post(`/api/ops/stories/${story.id}/publish`)).status, 409, 'nobody has agreed');
    assert.equal((await new Client(server).get(photo)).status, 404, 'a draft\'s photo is not public');
    assert.equal((await staff.get(photo)).status, 200, 'staff see it');

    const asked = (await (await staff.post(`/api/ops/stories/${story.id}/consent`)).json()) as Story;
    assert.deepEqual([asked.consent.user1?.status, asked.consent.user2?.status], ['pending', 'pending']);
    for (const m of [a, b]) {
      const note = await server.db('notifications').where({ userId: m.user.id, sourceType: 'story_consent' }).first();
      assert.equal(note.title, 'May we share your story?');
    }
    const tokenA = await consentLink(a.user.email);
    const tokenB = await consentLink(b.user.email);
    assert.notEqual(tokenA, tokenB, 'each member has their own link');

    const visitor = new Client(server);
    const view = (await (await visitor.get(`/api/story-consent/${tokenA}`)).json()) as Json;
    assert.deepEqual([view.you, view.partner, view.status], ['Leela Varma', 'Rohan Varma', 'pending']);
    assert.equal((await visitor.post(`/api/story-consent/${tokenA}`, { answer: 'accept' })).status, 200);
    assert.equal((await staff.post(`/api/ops/stories/${story.id}/publish`)).status, 409, 'one of two is not enough');
    assert.equal((await visitor.post(`/api/story-consent/${tokenB}`, { answer: 'accept' })).status, 200);
    assert.equal((await staff.post(`/api/ops/stories/${story.id}/publish`)).status, 200);
    assert.ok((await publicNames()).includes('Leela Varma'));
    assert.equal((await new Client(server).get(photo)).status, 200, 'a published story\'s photo is public');

    const withdrawn = await visitor.post(`/api/story-consent/${tokenB}`, { answer: 'withdraw' });
    assert.equal(withdrawn.status, 200);
    assert.equal(((await withdrawn.json()) as Json).status, 'withdrawn');
    assert.ok(!(await publicNames()).includes('Leela Varma'), 'unpublished at once');
    assert.equal((await new Client(server).get(photo)).status, 404, 'its photos are no longer public');
    assert.equal((await staff.post(`/api/ops/stories/${story.id}/publish`)).status, 409);
    assert.equal((await visitor.post(`/api/story-consent/${tokenB}`, { answer: 'accept' })).status, 409, 'a withdrawn answer stands until asked again');

    const trail = (await (await staff.get(`/api/ops/audit?targetType=success_story&targetId=${story.id}`)).json()) as { items: Json[] };
    assert.deepEqual(trail.items.slice(0, 5).map((e) => e.action), ['story.consent_withdrawn', 'story.publish', 'story.consent_accepted', 'story.consent_accepted', 'story.consent_request']);
  });

  test('a decline keeps it unpublished; unknown links are 404; changing the couple needs new consent', async () => {
    const staff = await reviewer();
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    const c = await signedInClient(server);
    const story = await newStory(staff, a.user, b.user);
    await staff.post(`/api/ops/stories/${story.id}/consent`);
    const visitor = new Client(server);
    assert.equal((await visitor.post(`/api/story-consent/${await consentLink(a.user.email)}`, { answer: 'accept' })).status, 200);
    assert.equal((await visitor.post(`/api/story-consent/${await consentLink(b.user.email)}`, { answer: 'decline' })).status, 200);
    assert.equal((await staff.post(`/api/ops/stories/${story.id}/publish`)).status, 409);
    assert.equal((await visitor.get('/api/story-consent/this-is-not-a-real-token-000')).status, 404);
    assert.equal((await visitor.post(`/api/story-consent/${await consentLink(a.user.email)}`, { answer: 'maybe' })).status, 400);

    const edited = (await (await staff.request('PATCH', `/api/ops/stories/${story.id}`, { json: { user2Id: c.user.id } })).json()) as Story;
    assert.deepEqual(edited.consent, { user1: null, user2: null }, 'the new couple has not been asked');
  });

  test('an edit changes only what it carries: the place in the list stays', async () => {
    const staff = await reviewer();
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    const story = await newStory(staff, a.user, b.user);
    assert.equal((await staff.request('PATCH', `/api/ops/stories/${story.id}`, { json: { sortOrder: 7, location: 'Leeds' } })).status, 200);
    const edited = (await (await staff.request('PATCH', `/api/ops/stories/${story.id}`, { json: { location: 'York' } })).json()) as Story;
    assert.equal(edited.location, 'York');
    assert.equal(edited.sortOrder, 7);
  });

  test('photos can be removed (and another added in their place); drafts can be deleted, published stories cannot', async () => {
    const staff = await reviewer();
    const a = await signedInClient(server);
    const b = await signedInClient(server);
    const story = await newStory(staff, a.user, b.user);
    const one = await addPhoto(staff, story.id);
    await addPhoto(staff, story.id);
    const key = one.photoKeys[0];
    const removed = await staff.request('DELETE', `/api/ops/stories/${story.id}/photos/${key}`);
    assert.equal(removed.status, 200);
    const after = (await removed.json()) as Story;
    assert.equal(after.photoKeys.length, 1);
    assert.ok(!after.photoKeys.includes(key));
    assert.equal((await server.db('photos').where({ fileKey: key })).length, 0);
    assert.equal((await addPhoto(staff, story.id)).photoKeys.length, 2, 'replaced');
    assert.equal((await staff.request('DELETE', `/api/ops/stories/${story.id}/photos/${'f'.repeat(32)}`)).status, 404);

    await staff.post(`/api/ops/stories/${story.id}/consent`);
    for (const m of [a, b]) await new Client(server).post(`/api/story-consent/${await consentLink(m.user.email)}`, { answer: 'accept' });
    assert.equal((await staff.post(`/api/ops/stories/${story.id}/publish`)).status, 200);
    assert.equal((await staff.request('DELETE', `/api/ops/stories/${story.id}`)).status, 409);
    await staff.post(`/api/ops/stories/${story.id}/unpublish`);
    assert.equal((await staff.request('DELETE', `/api/ops/stories/${story.id}`)).status, 204);
    assert.equal(await server.db('success_stories').where({ id: story.id }).first(), undefined);
    assert.equal((await server.db('story_consents').where({ storyId: story.id })).length, 0);
    assert.equal((await staff.request('DELETE', `/api/ops/stories/${story.id}`)).status, 404);
  });
});
