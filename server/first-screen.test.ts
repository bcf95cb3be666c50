// A signed-in member's home and search pages carry the screen's first cards (firstScreenFor): exactly the cards the
// screen's first API answer gives that member, rendered by the app's own components; never a member the answer
// would not show, never unescaped text, nothing for an account that may not see the screen.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Photo } from './models/photo';
import type { Profile } from './models/profile';
import { PrivacySettings } from './models/settings';
import type { User } from './models/user';
import { firstScreenFor, landingScreens } from './services/first-screen';
import { type TestServer, startTestServer } from './test/harness';
import { buildMessage, buildSuccessStory } from './test/table-factories';
import { buildProfile, buildUser, signedInClient } from './test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

type Card = { id: number; fullName: string; photos: string[] };

async function withPhoto(profile: Profile, user: User) {
  await Photo.query(server.db).insert({
    userId: user.id, profileId: profile.id, purpose: 'profile', position: 0, fileKey: randomBytes(16).toString('hex'), width: 800, height: 1000, bytes: 1000, createdAt: Date.now(),
  } as Partial<Photo>);
  return profile;
}

/** A man in `city` with a photo, whom a woman looking for a man is offered. */
async function man(fullName: string, city = 'Toronto') {
  const { user } = await buildUser(server, { fullName });
  return { user, profile: await withPhoto(await buildProfile(server, user, { gender: 'male', lookingFor: 'female', city, country: 'Canada' }), user) };
}

async function viewer(fullName: string) {
  const member = await signedInClient(server, { fullName });
  await buildProfile(server, member.user, { gender: 'female', lookingFor: 'male', city: 'Toronto', country: 'Canada' });
  return member;
}

const answer = async (client: Awaited<ReturnType<typeof viewer>>['client'], path: string) => {
  const res = await client.get(path);
  assert.equal(res.status, 200);
  return (await res.json()) as Card[];
};

/** The profiles the first screen's cards link to, in order. */
const cardsIn = (html: string) => [...html.matchAll(/href="\/profile\/(\d+)"/g)].map((m) => Number(m[1]));

test("home: the first daily matches as GET /api/matches/daily gives them to the member, with that answer's photo address", async () => {
  for (const name of ['Arjun Mehta', 'Dev Malhotra', 'Kabir Shah']) await man(name);
  const priya = await viewer('Priya Nair');
  const daily = await answer(priya.client, '/api/matches/daily');
  assert.ok(daily.length >= 2, 'the member has daily matches');
  const screen = await firstScreenFor(server.services, '/', '/', priya.user.id);
  assert.ok(screen);
  assert.deepEqual(cardsIn(screen.html), daily.slice(0, 2).map((card) => card.id), 'the first row, in the answer\'s order');
  assert.ok(daily[0].photos[0]?.startsWith('/media/'), String(daily[0].photos[0]));
  assert.deepEqual(screen.images, [daily[0].photos[0]]);
  assert.ok(screen.html.includes(`src="${daily[0].photos[0]}"`));
  assert.match(screen.html, /<h1 id="home-title" class="member-home__title">Welcome, Priya!<\/h1>/);
  // The lists home loads besides stay in their loading state: the app fills them in.
  assert.match(screen.html, /aria-label="Loading featured matches"/);
});

test('search: the first result as an unfiltered GET /api/search gives it to the member, with the total', async () => {
  const asha = await viewer('Asha Rao');
  const res = await asha.client.get('/api/search?limit=20');
  const results = (await res.json()) as Card[];
  assert.ok(results.length > 0);
  const screen = await firstScreenFor(server.services, '/search', '/search', asha.user.id);
  assert.ok(screen);
  assert.deepEqual(cardsIn(screen.html), [results[0].id]);
  assert.deepEqual(screen.images, [results[0].photos[0]]);
  const total = Number(res.headers.get('x-total-count'));
  assert.match(screen.html, new RegExp(`${total.toLocaleString('en-GB')} members, best match first`));
  // Its search box takes no typing before the app's own replaces it (what was typed would be lost).
  assert.match(screen.html, /<input type="search" class="search-bar__input"[^>]* readOnly=""/);
});

/** A woman looking for a woman: her candidates are only the members of the pool the test makes for her. */
async function woman(fullName: string) {
  const { user } = await buildUser(server, { fullName });
  return { user, profile: await withPhoto(await buildProfile(server, user, { gender: 'female', lookingFor: 'female', city: 'Kingston', country: 'Canada' }), user) };
}

test('a member who blocked, was blocked by or is hidden from the viewer never appears, as in the API\'s answers', async () => {
  const kavya = await signedInClient(server, { fullName: 'Kavya Iyer' });
  await buildProfile(server, kavya.user, { gender: 'female', lookingFor: 'female', city: 'Kingston', country: 'Canada' });
  const [blocked, blocker, hidden] = [await woman('Bhavna Bhatt'), await woman('Rupa Bose'), await woman('Hema Hegde')];
  const pool = [blocked, blocker, hidden].map((m) => m.profile.id);
  // Before: they are the member's matches, and the first screens show them.
  assert.deepEqual((await answer(kavya.client, '/api/search?limit=20')).map((c) => c.id).sort(), [...pool].sort());
  for (const route of ['/', '/search']) {
    const shown = cardsIn((await firstScreenFor(server.services, route, route, kavya.user.id))?.html ?? '');
    assert.ok(shown.length > 0 && shown.every((id) => pool.includes(id)), `${route}: ${shown}`);
  }

  assert.equal((await kavya.client.post('/api/blocks', { userId: blocked.user.id })).status, 201);
  await server.db('blocks').insert({ blockerId: blocker.user.id, blockedId: kavya.user.id, createdAt: Date.now() });
  await PrivacySettings.query(server.db).insert({ userId: hidden.user.id, profileVisibility: 'none', updatedAt: Date.now() } as Partial<PrivacySettings>).onConflict('userId').merge();
  // After: the answers are empty, and so the pages have no first screen at all.
  assert.deepEqual(await answer(kavya.client, '/api/search?limit=20'), []);
  assert.deepEqual(await answer(kavya.client, '/api/matches/daily'), []);
  assert.equal(await firstScreenFor(server.services, '/search', '/search', kavya.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/', '/', kavya.user.id), null);
});

test("a card's text is escaped: markup in a name or a profession is shown as text", async () => {
  const { user } = await buildUser(server, { fullName: 'Rohan <img src=x onerror=alert(1)>' });
  await withPhoto(await buildProfile(server, user, { gender: 'male', lookingFor: 'male', city: 'Moncton', country: 'Canada', profession: '"><script>alert(2)</script>' }), user);
  const nikhil = await signedInClient(server, { fullName: 'Nikhil Verma' });
  await buildProfile(server, nikhil.user, { gender: 'male', lookingFor: 'male', city: 'Moncton', country: 'Canada' });
  const screen = await firstScreenFor(server.services, '/search', '/search', nikhil.user.id);
  assert.ok(screen);
  assert.ok(screen.html.includes('Rohan &lt;img src=x onerror=alert(1)&gt;'), screen.html);
  assert.ok(screen.html.includes('&gt;&lt;script&gt;alert(2)&lt;/script&gt;'), 'the profession, as text');
  assert.ok(!screen.html.includes('<img src=x') && !screen.html.includes('<script>'));
});

test('nothing for an account that is not an active member, a member without a profile on home, or another route', async () => {
  for (const name of ['Vikram Rao', 'Sameer Khan']) await man(name);
  const meera = await viewer('Meera Pillai');
  assert.ok(await firstScreenFor(server.services, '/', '/', meera.user.id));
  assert.equal(await firstScreenFor(server.services, '/settings', '/settings', meera.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/profile/$id', '/profile/x', meera.user.id), null);
  await server.db('users').where({ id: meera.user.id }).update({ status: 'suspended' });
  assert.equal(await firstScreenFor(server.services, '/', '/', meera.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/search', '/search', meera.user.id), null);
  const gone = await viewer('Gone Member');
  await server.db('users').where({ id: gone.user.id }).update({ isDeleted: true });
  assert.equal(await firstScreenFor(server.services, '/search', '/search', gone.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/', '/', 999_999), null);
  // A family member's own account (no profile): the app leads them to the profile they help with, not a home.
  const mother = await signedInClient(server, { fullName: 'Sunita Deshpande' });
  assert.equal(await firstScreenFor(server.services, '/', '/', mother.user.id), null);
  const reviewer = await buildUser(server, { fullName: 'Ravi Reviewer', role: 'reviewer' });
  assert.equal(await firstScreenFor(server.services, '/search', '/search', reviewer.user.id), null);
});

// ── A profile: GET /api/profiles/:id's answer for the member, painted as the profile screen paints it ──

type ProfileAnswer = { id: number; photoDetails: Array<{ url: string }>; matchPercentage: number | null };
const views = (viewerId: number, profileId: number) => server.db('profile_views').where({ viewerUserId: viewerId, profileId }).count({ n: '*' }).first().then((row) => Number(row?.n));

test("a profile: its photo and introduction as GET /api/profiles/:id gives them to the member (same photo address, same match), recording no view of its own", async () => {
  const { user, profile } = await man('Aarav Kapoor');
  await server.db('profiles').where({ id: profile.id }).update({ profession: 'Architect' });
  const ira = await viewer('Ira Menon');
  const screen = await firstScreenFor(server.services, '/profile/$id', `/profile/${profile.id}`, ira.user.id);
  assert.ok(screen);
  // The page's render is not the member opening the profile: the app's own request for it is (fails if the
  // first screen records the view: the app's request on the same load would then be the second opening).
  assert.equal(await views(ira.user.id, profile.id), 0);
  const res = await ira.client.get(`/api/profiles/${profile.id}`);
  assert.equal(res.status, 200);
  const answer = (await res.json()) as ProfileAnswer;
  assert.equal(await views(ira.user.id, profile.id), 1, "the app's request records the visit");
  assert.ok(answer.photoDetails[0].url.startsWith('/media/'));
  assert.deepEqual(screen.images, [answer.photoDetails[0].url]);
  assert.ok(screen.html.includes(`src="${answer.photoDetails[0].url}"`), 'the gallery shows the answer\'s first photo');
  assert.match(screen.html, /<h1 id="profile-name" class="profile-name">Aarav Kapoor, \d+<\/h1>/);
  assert.ok(answer.matchPercentage !== null);
  assert.ok(screen.html.includes(`${Math.round(answer.matchPercentage)}% Match`), 'the match the API computes for this member');
  assert.ok(screen.html.includes('Architect'));
  assert.ok(screen.html.includes(`href="/chat/${user.id}"`));
  // The same visit's page again (a reload): still one view, the API's own.
  await firstScreenFor(server.services, '/profile/$id', `/profile/${profile.id}`, ira.user.id);
  await ira.client.get(`/api/profiles/${profile.id}`);
  assert.equal(await views(ira.user.id, profile.id), 1);
});

test('a profile whose owner blurs their photos is painted with the blurred address the API gives', async () => {
  const { user, profile } = await man('Kunal Joshi');
  await PrivacySettings.query(server.db).insert({ userId: user.id, blurPhotos: true, updatedAt: Date.now() } as Partial<PrivacySettings>).onConflict('userId').merge();
  const tara = await viewer('Tara Sen');
  const answer = (await (await tara.client.get(`/api/profiles/${profile.id}`)).json()) as ProfileAnswer;
  const screen = await firstScreenFor(server.services, '/profile/$id', `/profile/${profile.id}`, tara.user.id);
  assert.ok(screen);
  assert.deepEqual(screen.images, [answer.photoDetails[0].url]);
  assert.match(answer.photoDetails[0].url, /blur/);
  assert.ok(screen.html.includes(`src="${answer.photoDetails[0].url}"`));
  assert.match(screen.html, /Photos are blurred for privacy/);
});

test('a profile the member may not see is not painted, exactly where the API answers 404: blocked either way, hidden, deleted, suspended, unknown', async () => {
  const rhea = await viewer('Rhea Das');
  const cases: Array<[string, () => Promise<number>]> = [
    ['blocked by the member', async () => {
      const { user, profile } = await man('Blocked Bose');
      assert.equal((await rhea.client.post('/api/blocks', { userId: user.id })).status, 201);
      return profile.id;
    }],
    ['blocking the member', async () => {
      const { user, profile } = await man('Blocker Basu');
      await server.db('blocks').insert({ blockerId: user.id, blockedId: rhea.user.id, createdAt: Date.now() });
      return profile.id;
    }],
    ['hidden by its owner', async () => {
      const { user, profile } = await man('Hidden Hora');
      await PrivacySettings.query(server.db).insert({ userId: user.id, profileVisibility: 'none', updatedAt: Date.now() } as Partial<PrivacySettings>).onConflict('userId').merge();
      return profile.id;
    }],
    ['deleted', async () => {
      const { profile } = await man('Deleted Dutta');
      await server.db('profiles').where({ id: profile.id }).update({ isDeleted: true });
      return profile.id;
    }],
    ["of a suspended member", async () => {
      const { user, profile } = await man('Suspended Sahni');
      await server.db('users').where({ id: user.id }).update({ status: 'suspended' });
      return profile.id;
    }],
    ['unknown', async () => 987_654],
  ];
  for (const [what, make] of cases) {
    const id = await make();
    assert.equal((await rhea.client.get(`/api/profiles/${id}`)).status, 404, `${what}: the API's answer`);
    assert.equal(await firstScreenFor(server.services, '/profile/$id', `/profile/${id}`, rhea.user.id), null, what);
  }
  // The same kind of profile, visible: painted (so the nulls above are the policy's, not a broken render).
  const { profile } = await man('Visible Varma');
  assert.ok(await firstScreenFor(server.services, '/profile/$id', `/profile/${profile.id}`, rhea.user.id));
  for (const path of [`/profile/0`, `/profile/${profile.id}x`, '/profile/99999999999999999999']) {
    assert.equal(await firstScreenFor(server.services, '/profile/$id', path, rhea.user.id), null, path);
  }
});

test('a profile is painted for no account but an active member: not for a suspended or deleted one, staff, or an unknown id', async () => {
  const { profile } = await man('Neel Chopra');
  const path = `/profile/${profile.id}`;
  const maya = await viewer('Maya Kulkarni');
  assert.ok(await firstScreenFor(server.services, '/profile/$id', path, maya.user.id));
  await server.db('users').where({ id: maya.user.id }).update({ status: 'suspended' });
  assert.equal(await firstScreenFor(server.services, '/profile/$id', path, maya.user.id), null);
  const gone = await viewer('Gita Gone');
  await server.db('users').where({ id: gone.user.id }).update({ isDeleted: true });
  assert.equal(await firstScreenFor(server.services, '/profile/$id', path, gone.user.id), null);
  const reviewer = await buildUser(server, { fullName: 'Rita Reviewer', role: 'reviewer' });
  assert.equal(await firstScreenFor(server.services, '/profile/$id', path, reviewer.user.id), null);
  assert.equal(await firstScreenFor(server.services, '/profile/$id', path, 999_999), null);
});

test("a profile's text is escaped: markup in its name or profession is shown as text", async () => {
  const { profile } = await man('Omar <img src=x onerror=alert(1)>');
  await server.db('profiles').where({ id: profile.id }).update({ profession: '"><script>alert(2)</script>' });
  const zoya = await viewer('Zoya Ali');
  const screen = await firstScreenFor(server.services, '/profile/$id', `/profile/${profile.id}`, zoya.user.id);
  assert.ok(screen);
  assert.ok(screen.html.includes('Omar &lt;img src=x onerror=alert(1)&gt;'), screen.html.slice(0, 2000));
  assert.ok(screen.html.includes('&gt;&lt;script&gt;alert(2)&lt;/script&gt;'));
  assert.ok(!screen.html.includes('<img src=x') && !screen.html.includes('<script>'));
});

// ── A chat: GET /api/messages/:me/:other and …/peer for the member, painted as the chat screen paints them ──

const READER = { locale: 'en-GB', timeZone: 'Asia/Kolkata' };
type Message = { id: number; content: string; isRead: boolean };
const bubblesIn = (html: string) => [...html.matchAll(/data-message-id="(\d+)"/g)].map((m) => Number(m[1]));

/** Two members who have written to each other (oldest first), the latest message theirs and unread. */
async function conversation(names: [string, string], count = 3) {
  const a = await viewer(names[0]);
  const b = await signedInClient(server, { fullName: names[1] });
  await withPhoto(await buildProfile(server, b.user, { gender: 'male', lookingFor: 'female', city: 'Toronto', country: 'Canada' }), b.user);
  const start = Date.UTC(2025, 2, 2, 18, 30);
  for (let i = 0; i < count; i++) {
    const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
    await buildMessage(server.db, { senderId: from.user.id, receiverId: to.user.id, content: `message ${i}`, createdAt: start + i * 60_000, isRead: i < count - 1 });
  }
  await buildMessage(server.db, { senderId: b.user.id, receiverId: a.user.id, content: 'the newest, <b>unread</b>', createdAt: start + count * 60_000 });
  return { a, b };
}

test("a chat: the thread and its peer as the API gives them to the member, times on the reader's clock; nothing marked read by the page", async () => {
  const { a, b } = await conversation(['Anika Bose', 'Vivek Rao']);
  const screen = await firstScreenFor(server.services, '/chat/$id', `/chat/${b.user.id}`, a.user.id, READER);
  assert.ok(screen);
  // Fails if the page's render marks the thread read (the app's request for the thread does, once it is shown).
  assert.equal(await server.db('messages').where({ receiverId: a.user.id, isRead: false }).count({ n: '*' }).first().then((r) => Number(r?.n)), 1);
  const peer = (await (await a.client.get(`/api/messages/${a.user.id}/${b.user.id}/peer`)).json()) as { fullName: string };
  const thread = (await (await a.client.get(`/api/messages/${a.user.id}/${b.user.id}`)).json()) as Message[];
  assert.deepEqual(bubblesIn(screen.html), thread.map((m) => m.id), "the answer's messages, in its order");
  assert.ok(screen.html.includes(`<span class="chat-header__name">${peer.fullName}</span>`));
  assert.ok(screen.html.includes('the newest, &lt;b&gt;unread&lt;/b&gt;'), 'text escaped');
  // 18:30 UTC on Sunday 2 March is 00:00 on Monday the 3rd in India: the reader's clock and language, not the
  // server's (fails if the render ignores the reader: the server's clock here says 18:30 on Sunday).
  assert.match(screen.html, /<time dateTime="2025-03-02T18:30:00.000Z">0:00<\/time>/);
  assert.match(screen.html, /<h2 class="chat-day__label"><span>Monday,? 3 March 2025<\/span><\/h2>/);
  assert.deepEqual(screen.frame, 'app-frame app-frame--member app-frame--fill');
  // Its message box takes no typing before the app's own replaces it (what was typed would be lost): fails if the
  // server's copy is editable (a browser test typing at once lost its message that way).
  assert.match(screen.html, /<textarea class="chat-composer__input"[^>]* readOnly=""/);
});

test('a chat carries the newest 40 messages of a long thread', async () => {
  const { a, b } = await conversation(['Leela Nair', 'Karan Gill'], 60);
  const thread = (await (await a.client.get(`/api/messages/${a.user.id}/${b.user.id}`)).json()) as Message[];
  const screen = await firstScreenFor(server.services, '/chat/$id', `/chat/${b.user.id}`, a.user.id, READER);
  assert.deepEqual(bubblesIn(screen?.html ?? ''), thread.slice(-40).map((m) => m.id));
});

test('a chat is not painted where the API answers 404 (blocked either way, deleted or suspended member, a stranger, oneself, unknown), nor for a browser that has not said its time zone, staff or a suspended member', async () => {
  const cases: Array<[string, (a: { user: User }, b: { user: User }) => Promise<void>]> = [
    ['blocked by the member', async (a, b) => void (await server.db('blocks').insert({ blockerId: a.user.id, blockedId: b.user.id, createdAt: Date.now() }))],
    ['blocking the member', async (a, b) => void (await server.db('blocks').insert({ blockerId: b.user.id, blockedId: a.user.id, createdAt: Date.now() }))],
    ['deleted', async (_a, b) => void (await server.db('users').where({ id: b.user.id }).update({ isDeleted: true }))],
    ['suspended', async (_a, b) => void (await server.db('users').where({ id: b.user.id }).update({ status: 'suspended' }))],
  ];
  for (const [what, change] of cases) {
    const { a, b } = await conversation([`Asha ${what}`, `Bela ${what}`]);
    assert.ok(await firstScreenFor(server.services, '/chat/$id', `/chat/${b.user.id}`, a.user.id, READER), `${what}: painted before`);
    await change(a, b);
    assert.equal((await a.client.get(`/api/messages/${a.user.id}/${b.user.id}`)).status, 404, `${what}: the API's answer`);
    assert.equal(await firstScreenFor(server.services, '/chat/$id', `/chat/${b.user.id}`, a.user.id, READER), null, what);
  }
  const { a, b } = await conversation(['Chitra Iyer', 'Dhruv Jain']);
  const path = `/chat/${b.user.id}`;
  // A stranger (no profile to see, no conversation), oneself, an unknown member: the API's 404s.
  const stranger = await signedInClient(server, { fullName: 'Esha Stranger' });
  assert.equal((await a.client.get(`/api/messages/${a.user.id}/${stranger.user.id}`)).status, 404);
  for (const p of [`/chat/${stranger.user.id}`, `/chat/${a.user.id}`, '/chat/987654', '/chat/0', '/chat/x']) {
    assert.equal(await firstScreenFor(server.services, '/chat/$id', p, a.user.id, READER), null, p);
  }
  // Nobody else's conversation: the other side sees it as theirs, a third member sees nothing of it.
  const third = await viewer('Farah Third');
  const theirs = await firstScreenFor(server.services, '/chat/$id', `/chat/${a.user.id}`, b.user.id, READER);
  assert.ok(theirs && bubblesIn(theirs.html).length === 4);
  assert.ok(!bubblesIn((await firstScreenFor(server.services, '/chat/$id', path, third.user.id, READER))?.html ?? '').length);
  assert.equal(await firstScreenFor(server.services, '/chat/$id', path, a.user.id, null), null, 'no reader');
  const reviewer = await buildUser(server, { fullName: 'Ravi Staff', role: 'reviewer' });
  assert.equal(await firstScreenFor(server.services, '/chat/$id', path, reviewer.user.id, READER), null, 'staff');
  await server.db('users').where({ id: a.user.id }).update({ status: 'suspended' });
  assert.equal(await firstScreenFor(server.services, '/chat/$id', path, a.user.id, READER), null, 'a suspended member');
});

test("the landing page a visitor is painted: in their language, with the figures GET /api/site-figures gives, made again when those change", async () => {
  for (let i = 0; i < 12; i++) await buildSuccessStory(server.db, { isPublished: true });
  const landing = landingScreens(server.db);
  const figures = await (await fetch(`${server.url}/api/site-figures`)).json();
  const hindi = await landing('hi');
  assert.match(hindi, /<h1 id="landing-title" class="landing__title">अपना सही जीवनसाथी ढूँढें<\/h1>/);
  assert.match(hindi, /aria-pressed="true"[^>]*>हिन्दी</);
  // Each figure the API shows (10 and over), as the app writes it; none the API leaves out.
  assert.equal(figures.successStories, 10);
  const shown = [...hindi.matchAll(/class="landing__stat-value">([^<]+)</g)].map((m) => m[1]);
  assert.deepEqual(shown, ['matches', 'countries', 'successStories'].filter((k) => typeof figures[k] === 'number').map((k) => `${figures[k]}+`));
  assert.match(await landing('en'), /Find Your Perfect Match/);
  assert.equal(await landing('hi'), hindi, 'the same figures: the same markup');
});
