import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { MemberStoryView } from '../../../contracts/stories';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildUser, jpegBytes, signedInClient } from '../../test/factories';
import { buildBlock, buildMatch } from '../../test/table-factories';
import { pngDeclaringGigapixels } from '../../test/hostile-images';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Member = Awaited<ReturnType<typeof signedInClient>>;
const TEXT = 'We matched in spring, met our families in Pune and married by winter.';

async function matchedPair(): Promise<[Member, Member]> {
  const a = await signedInClient(server, { fullName: 'Meera Iyer' });
  const b = await signedInClient(server, { fullName: 'Arjun Nair' });
  const [user1Id, user2Id] = a.user.id < b.user.id ? [a.user.id, b.user.id] : [b.user.id, a.user.id];
  await buildMatch(server.db, { user1Id, user2Id });
  return [a, b];
}

/** POST /api/success-stories as the browser's form sends it: fields and up to two photos. */
async function submit(member: Member, fields: Record<string, string>, photos: Array<{ bytes: Buffer; name: string; type: string }> = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of photos) form.append('photos', new Blob([new Uint8Array(p.bytes)], { type: p.type }), p.name);
  return fetch(`${server.url}/api/success-stories`, { method: 'POST', headers: { Cookie: member.client.cookieHeader(), Origin: server.origin, Accept: 'application/json' }, body: form });
}

async function latestConsentToken(email: string): Promise<{ token: string; subject: string }> {
  const mail = await server.db('email_outbox').where({ toEmail: email }).where('subject', 'like', '%success story%').orderBy('id', 'desc').first();
  const token = /\/story-consent\/([A-Za-z0-9_-]+)/.exec(mail?.bodyText ?? '')?.[1];
  assert.ok(token, 'a consent email with a link');
  return { token, subject: mail.subject };
}

async function reviewer() {
  const { user, password } = await buildUser(server, { role: 'reviewer' });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return client;
}

describe('members submit their own success story', () => {
  test('with a match: the submitter has agreed, the partner is asked in the app and by email, photos re-encoded; publishing waits for both', async () => {
    const [a, b] = await matchedPair();
    const photo = await jpegBytes({ width: 640, height: 480, gps: true });
    const res = await submit(a, { partnerUserId: String(b.user.id), matchDate: '2025-03-01', marriageDate: '2025-12-05', location: 'Pune', testimonial: TEXT }, [
      { bytes: photo, name: 'us.jpg', type: 'image/jpeg' },
      { bytes: photo, name: 'wedding.jpg', type: 'image/jpeg' },
    ]);
    assert.equal(res.status, 201, await res.clone().text());
    const story = (await res.json()) as MemberStoryView;
    assert.deepEqual([story.partner.fullName, story.submittedByYou, story.yourConsent, story.partnerConsent, story.isPublished], ['Arjun Nair', true, 'accepted', 'pending', false]);
    assert.equal(story.photos.length, 2);

    // The stored photo went through the pipeline: a JPEG without the camera's location.
    const stored = await a.client.get(story.photos[0].url);
    assert.equal(stored.status, 200, 'the submitter sees their story\'s photo');
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    assert.equal(meta.format, 'jpeg');
    assert.equal(meta.exif, undefined, 'no EXIF (no GPS) kept');
    assert.equal((await new Client(server).get(story.photos[0].url)).status, 404, 'not public before publishing');

    const note = await server.db('notifications').where({ userId: b.user.id, sourceType: 'story_consent' }).first();
    assert.equal(note.title, 'Your partner shared your story');
    assert.equal(await server.db('notifications').where({ userId: a.user.id, sourceType: 'story_consent' }).first(), undefined, 'the submitter is not asked');
    const { token, subject } = await latestConsentToken(b.user.email);
    assert.equal(subject, 'Please confirm your Saathi success story');

    // The partner's consent page shows the exact text and the photos, through the link.
    const visitor = new Client(server);
    const view = (await (await visitor.get(`/api/story-consent/${token}`)).json()) as { story: { testimonial: string; photos: string[] }; submittedByPartner: boolean; you: string };
    assert.equal(view.story.testimonial, TEXT);
    assert.equal(view.submittedByPartner, true);
    assert.equal(view.story.photos.length, 2);
    assert.equal((await visitor.get(view.story.photos[0])).status, 200, 'the photo opens through the consent link');
    assert.equal((await visitor.get(view.story.photos[0].replace(token, 'x'.repeat(40)))).status, 404, 'not through another link');

    const staff = await reviewer();
    const queued = ((await (await staff.get('/api/ops/stories')).json()) as Array<{ id: number; submittedBy: { fullName: string } | null }>).find((s) => s.id === story.id);
    assert.equal(queued?.submittedBy?.fullName, 'Meera Iyer', 'waits in the console\'s queue, marked as the members\' own');
    assert.equal((await staff.post(`/api/ops/stories/${story.id}/publish`)).status, 409, 'the partner has not agreed');

    // The partner confirms in the app.
    const answered = await b.client.post(`/api/success-stories/${story.id}/consent`, { answer: 'accept' });
    assert.equal(answered.status, 200);
    assert.equal(((await answered.json()) as MemberStoryView).yourConsent, 'accepted');
    assert.equal((await staff.post(`/api/ops/stories/${story.id}/publish`)).status, 200);
    assert.equal((await new Client(server).get(story.photos[0].url)).status, 200, 'public once published');
  });

  test('a story with someone never matched is refused; a stranger is not found; a blocked match is not found; nothing is stored', async () => {
    const a = await signedInClient(server);
    const known = await signedInClient(server);
    await server.db('messages').insert({ senderId: a.user.id, receiverId: known.user.id, content: 'Hello', isRead: false, createdAt: Date.now() });
    const before = await server.db('success_stories').count({ n: '*' }).first();
    const refused = await submit(a, { partnerUserId: String(known.user.id), matchDate: '2025-03-01', testimonial: TEXT });
    assert.equal(refused.status, 403);
    assert.match(((await refused.json()) as { message: string }).message, /only with a member you matched with/);

    const [c, d] = await matchedPair();
    await buildBlock(server.db, { blockerId: d.user.id, blockedId: c.user.id });
    assert.equal((await submit(c, { partnerUserId: String(d.user.id), matchDate: '2025-03-01', testimonial: TEXT })).status, 404);
    assert.equal((await submit(a, { partnerUserId: '99999999', matchDate: '2025-03-01', testimonial: TEXT })).status, 404);
    assert.equal((await submit(a, { partnerUserId: String(a.user.id), matchDate: '2025-03-01', testimonial: TEXT })).status, 400);
    assert.deepEqual(await server.db('success_stories').count({ n: '*' }).first(), before);
  });

  test('bad input and bad photos are clear 4xx answers that store nothing', async () => {
    const [a, b] = await matchedPair();
    const fields = { partnerUserId: String(b.user.id), matchDate: '2025-03-01', testimonial: TEXT };
    const short = await submit(a, { ...fields, testimonial: 'Too short' });
    assert.equal(short.status, 400);
    assert.equal(((await short.json()) as { field: string }).field, 'testimonial');
    assert.equal((await submit(a, { ...fields, matchDate: 'March' })).status, 400);
    const html = await submit(a, fields, [{ bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'us.jpg', type: 'image/jpeg' }]);
    assert.equal(html.status, 415, 'content decides, not the name');
    assert.equal((await submit(a, fields, [{ bytes: pngDeclaringGigapixels(), name: 'big.png', type: 'image/png' }])).status, 422, 'too many pixels');
    const photo = await jpegBytes();
    const three = Array.from({ length: 3 }, () => ({ bytes: photo, name: 'p.jpg', type: 'image/jpeg' }));
    assert.equal((await submit(a, fields, three)).status, 400, 'at most two photos');
    assert.equal((await server.db('success_stories').where({ createdBy: a.user.id })).length, 0);
    assert.equal((await server.db('photos').where({ purpose: 'story' }).whereNotIn('fileKey', (await server.db('success_stories').select('photoKeys')).flatMap((s) => JSON.parse(s.photoKeys ?? '[]')))).length, 0, 'no orphaned photo rows');
    assert.equal((await submit(a, fields)).status, 201);
    assert.equal((await submit(b, { ...fields, partnerUserId: String(a.user.id) })).status, 409, 'one story per couple');
  });

  test('an edit after the partner agreed asks them again (new link, photos shown) and takes the story down; only its members may edit', async () => {
    const [a, b] = await matchedPair();
    const created = (await (await submit(a, { partnerUserId: String(b.user.id), matchDate: '2025-03-01', testimonial: TEXT })).json()) as MemberStoryView;
    const first = await latestConsentToken(b.user.email);
    assert.equal((await new Client(server).post(`/api/story-consent/${first.token}`, { answer: 'accept' })).status, 200);
    const staff = await reviewer();
    assert.equal((await staff.post(`/api/ops/stories/${created.id}/publish`)).status, 200);

    const stranger = await signedInClient(server);
    assert.equal((await stranger.client.patch(`/api/success-stories/${created.id}`, { testimonial: `${TEXT} Not ours.` })).status, 404, 'not their story');
    assert.equal((await a.client.patch(`/api/success-stories/${created.id}`, {})).status, 400);

    const edited = await a.client.patch(`/api/success-stories/${created.id}`, { testimonial: `${TEXT} Our daughter was born this year.` });
    assert.equal(edited.status, 200);
    const story = (await edited.json()) as MemberStoryView;
    assert.deepEqual([story.yourConsent, story.partnerConsent, story.isPublished], ['accepted', 'pending', false]);
    const again = await latestConsentToken(b.user.email);
    assert.notEqual(again.token, first.token, 'a new link');
    assert.equal(again.subject, 'Your Saathi success story changed: please confirm it again');
    assert.equal((await new Client(server).get(`/api/story-consent/${first.token}`)).status, 404, 'the old link answers nothing');
    assert.equal((await staff.post(`/api/ops/stories/${created.id}/publish`)).status, 409, 'publishing waits for both again');

    // A photo added by the partner: now the submitter is asked again, and the partner's change is their consent.
    const added = await b.client.upload(`/api/success-stories/${created.id}/photos`, 'photo', await jpegBytes(), 'us.jpg', 'image/jpeg');
    assert.equal(added.status, 201);
    const withPhoto = (await added.json()) as MemberStoryView;
    assert.deepEqual([withPhoto.yourConsent, withPhoto.partnerConsent], ['accepted', 'pending']);
    const forA = await latestConsentToken(a.user.email);
    const view = (await (await new Client(server).get(`/api/story-consent/${forA.token}`)).json()) as { story: { photos: string[]; testimonial: string } };
    assert.equal(view.story.photos.length, 1, 'the consent page shows the photo agreed to');
    assert.match(view.story.testimonial, /daughter/);
  });

  test('an edit by the team after the members agreed asks both again', async () => {
    const [a, b] = await matchedPair();
    const created = (await (await submit(a, { partnerUserId: String(b.user.id), matchDate: '2025-03-01', testimonial: TEXT })).json()) as MemberStoryView;
    await new Client(server).post(`/api/story-consent/${(await latestConsentToken(b.user.email)).token}`, { answer: 'accept' });
    const staff = await reviewer();
    const res = await staff.request('PATCH', `/api/ops/stories/${created.id}`, { json: { testimonial: `${TEXT} Edited for length.` } });
    assert.equal(res.status, 200);
    const story = (await res.json()) as { consent: { user1: { status: string }; user2: { status: string } } };
    assert.deepEqual([story.consent.user1.status, story.consent.user2.status], ['pending', 'pending']);
    const sortOnly = await staff.request('PATCH', `/api/ops/stories/${created.id}`, { json: { sortOrder: 3 } });
    assert.equal(((await sortOnly.json()) as { consent: { user1: { status: string } } }).consent.user1.status, 'pending', 'the place in the list is not content');
  });

  test('both members list their story; a visitor is not signed in', async () => {
    const [a, b] = await matchedPair();
    await submit(a, { partnerUserId: String(b.user.id), matchDate: '2025-03-01', testimonial: TEXT });
    const mine = (await (await b.client.get('/api/success-stories/mine')).json()) as MemberStoryView[];
    assert.equal(mine.length, 1);
    assert.deepEqual([mine[0].partner.fullName, mine[0].submittedByYou, mine[0].yourConsent], ['Meera Iyer', false, 'pending']);
    assert.equal((await new Client(server).get('/api/success-stories/mine')).status, 401);
  });
});
