import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { type Client, type TestServer, startTestServer } from '../../test/harness';
import { familyReadersOf } from '../../services/family/acts';
import { buildProfile, signedInClient } from '../../test/factories';
import { priyaWithMother } from '../../test/family-fixture';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const family = () => priyaWithMother(server);

/** The `message` events that reach `member`'s open event stream while `act` runs (until `count` arrived). */
async function liveMessages(member: Client, count: number, act: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const events: Array<Record<string, unknown>> = [];
    let started = false;
    // Resolves when the events have arrived and the action has finished too: a live event goes out before the
    // request that caused it answers (and before its bell notification is written).
    let acted: Promise<unknown> = Promise.resolve();
    const req = http.get(`${server.url}/api/events`, { headers: { Cookie: member.cookieHeader() } }, (res) => {
      let buffer = '';
      res.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        if (!started && buffer.includes('event: ready')) {
          started = true;
          acted = act();
          acted.catch(reject);
        }
        for (let match = /event: message\ndata: (.+)\n\n/.exec(buffer); match; match = /event: message\ndata: (.+)\n\n/.exec(buffer)) {
          events.push(JSON.parse(match[1]) as Record<string, unknown>);
          buffer = buffer.slice(match.index + match[0].length);
        }
        if (events.length >= count) {
          req.destroy();
          acted.then(() => resolve(events), reject);
        }
      });
    });
    req.on('error', (e) => (e.message.includes('aborted') || e.message.includes('socket hang up') ? undefined : reject(e)));
    setTimeout(() => reject(new Error(`${events.length} of ${count} message events within 5 s`)), 5000).unref();
  });
}

describe('a family member acting for the candidate', () => {
  test('searches and likes as the candidate allows; the like says "Priya\'s mother" to the other side', async () => {
    const { priya, profile, arjun, arjunProfile, as } = await family();
    const me = (await (await as('GET', '/api/auth/user')).json()) as { id: number };
    assert.equal(me.id, priya.user.id, "acting, the mother's requests run as Priya's profile account");
    assert.equal((await as('GET', `/api/profiles/${arjunProfile.id}`)).status, 200);
    const liked = await as('POST', '/api/profile-likes', { likedProfileId: arjunProfile.id });
    assert.equal(liked.status, 201, await liked.clone().text());
    const act = await server.db('family_acts').where({ kind: 'like', profileId: profile.id }).first();
    assert.ok(act, 'the like is recorded as the mother\'s');
    const bell = await server.db('notifications').where({ userId: arjun.user.id, type: 'like' }).orderBy('id', 'desc').first();
    assert.equal(bell.content, "Priya's mother liked your profile");
    const received = (await (await arjun.client.get(`/api/profile-likes/${arjun.user.id}/received`)).json()) as Array<{ id: number; likedBy: string | null }>;
    assert.deepEqual(received.map((c) => [c.id, c.likedBy]), [[profile.id, "Priya's mother"]], 'who liked you says it was her mother');

    // Priya turns liking off: the mother's next like is refused and changes nothing.
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayLike: false });
    const other = await signedInClient(server);
    const otherProfile = await buildProfile(server, other.user, { gender: 'male' });
    assert.equal((await as('POST', '/api/profile-likes', { likedProfileId: otherProfile.id })).status, 403);
    assert.equal(await server.db('profile_likes').where({ userId: priya.user.id, likedProfileId: otherProfile.id }).first(), undefined);
  });

  test("the candidate's own conversations stay private; family write only when allowed, and the other side sees it was family", async () => {
    const { priya, profile, arjun, as } = await family();
    // Priya's own conversation with Arjun.
    await arjun.client.post('/api/messages', { receiverId: priya.user.id, content: 'Hello Priya' });
    await priya.client.post('/api/messages', { receiverId: arjun.user.id, content: 'Hello Arjun' });
    assert.equal((await as('GET', `/api/messages/${priya.user.id}`)).status, 403, 'messaging as family is off by default');
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true });
    assert.deepEqual(await (await as('GET', `/api/messages/${priya.user.id}`)).json(), [], "Priya's conversations are not the family's");
    assert.equal((await as('GET', `/api/messages/${priya.user.id}/${arjun.user.id}`)).status, 404);

    // The mother writes to another member for Priya: that conversation is the family's to see.
    const ravi = await signedInClient(server, { fullName: 'Ravi Kumar' });
    const raviProfile = await buildProfile(server, ravi.user, { gender: 'male' });
    const sent = await as('POST', '/api/messages', { receiverId: ravi.user.id, content: 'Namaste, I write for my daughter Priya' });
    assert.equal(sent.status, 201, await sent.clone().text());
    assert.deepEqual(((await sent.json()) as { sentBy: unknown }).sentBy, { relation: 'mother', label: "Priya's mother" });
    const list = (await (await as('GET', `/api/messages/${priya.user.id}`)).json()) as Array<{ otherUser: { id: number } }>;
    assert.deepEqual(list.map((c) => c.otherUser.id), [ravi.user.id]);
    const seenByRavi = (await (await ravi.client.get(`/api/messages/${ravi.user.id}/${priya.user.id}`)).json()) as Array<{ content: string; sentBy: { label: string } | null }>;
    assert.deepEqual(seenByRavi.map((m) => [m.content, m.sentBy?.label ?? null]), [['Namaste, I write for my daughter Priya', "Priya's mother"]]);
    // Priya is told the family read that one without her sharing it; her own with Arjun is not the family's.
    const priyaView = (await (await priya.client.get(`/api/family/${profile.id}`)).json()) as { familyConversations: number[]; sharedConversations: number[] };
    assert.deepEqual([priyaView.familyConversations, priyaView.sharedConversations], [[ravi.user.id], []]);
    // His conversation list previews it under the same name as the thread.
    const ravisList = (await (await ravi.client.get(`/api/messages/${ravi.user.id}`)).json()) as Array<{ lastMessage: { sentBy: unknown } }>;
    assert.deepEqual(ravisList.map((c) => c.lastMessage.sentBy), [{ relation: 'mother', label: "Priya's mother" }]);
    // Once they match, his Matches list previews it the same way.
    assert.equal((await ravi.client.post('/api/profile-likes', { likedProfileId: profile.id })).status, 201);
    assert.equal((await priya.client.post('/api/profile-likes', { likedProfileId: raviProfile.id })).status, 201);
    const ravisMatches = (await (await ravi.client.get(`/api/users/${ravi.user.id}/matches`)).json()) as Array<{ lastMessage: { sentBy: unknown } | null }>;
    assert.deepEqual(ravisMatches.map((m) => m.lastMessage?.sentBy), [{ relation: 'mother', label: "Priya's mother" }]);
    // Writing into Priya's own conversation with Arjun would open it to the family: refused, nothing sent.
    const before = await server.db('messages').count({ n: '*' }).first();
    assert.equal((await as('POST', '/api/messages', { receiverId: arjun.user.id, content: 'Hello from her mother' })).status, 403);
    assert.deepEqual(await server.db('messages').count({ n: '*' }).first(), before);
    // Priya shares it: the family read it; she stops sharing: it is hers alone again.
    assert.equal((await as('PUT', `/api/family/${profile.id}/shared-conversations/${arjun.user.id}`, { shared: true })).status, 403, 'family cannot share for her');
    assert.equal((await priya.client.request('PUT', `/api/family/${profile.id}/shared-conversations/${arjun.user.id}`, { json: { shared: true } })).status, 200);
    const openedRes = await as('GET', `/api/messages/${priya.user.id}/${arjun.user.id}`);
    assert.equal(openedRes.status, 200, await openedRes.clone().text());
    const opened = (await openedRes.json()) as Array<{ content: string }>;
    assert.deepEqual(opened.map((m) => m.content), ['Hello Priya', 'Hello Arjun']);
    await priya.client.request('PUT', `/api/family/${profile.id}/shared-conversations/${arjun.user.id}`, { json: { shared: false } });
    assert.equal((await as('GET', `/api/messages/${priya.user.id}/${arjun.user.id}`)).status, 404);
    // Priya's own message to Ravi reads as hers.
    await priya.client.post('/api/messages', { receiverId: ravi.user.id, content: 'Hi Ravi, Priya here' });
    const again = (await (await ravi.client.get(`/api/messages/${ravi.user.id}/${priya.user.id}`)).json()) as Array<{ sentBy: unknown }>;
    assert.equal(again[1].sentBy, null);
    const latest = (await (await ravi.client.get(`/api/messages/${ravi.user.id}`)).json()) as Array<{ lastMessage: { content: string; sentBy: unknown } }>;
    assert.deepEqual(latest.map((c) => [c.lastMessage.content, c.lastMessage.sentBy]), [['Hi Ravi, Priya here', null]]);
  });

  test('the other side sees live whether the candidate or family wrote; with messaging off family cannot write', async () => {
    const { priya, profile, mother, as } = await family();
    const ravi = await signedInClient(server, { fullName: 'Ravi Kumar', tier: 'premium' });
    await buildProfile(server, ravi.user, { gender: 'male' });
    const refused = await as('POST', '/api/messages', { receiverId: ravi.user.id, content: 'Namaste' });
    assert.equal(refused.status, 403, 'messaging as the family is off by default');
    assert.match(((await refused.json()) as { message: string }).message, /not allowed family/);
    assert.equal(await server.db('messages').where({ receiverId: ravi.user.id }).first(), undefined, 'nothing sent');
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayMessage: true });
    // A conversation not begun yet: the family's app opens it empty, with the member's name, to write the first message.
    assert.deepEqual(await (await as('GET', `/api/messages/${priya.user.id}/${ravi.user.id}`)).json(), []);
    assert.equal(((await (await as('GET', `/api/messages/${priya.user.id}/${ravi.user.id}/peer`)).json()) as { fullName: string }).fullName, 'Ravi Kumar');
    const events = await liveMessages(ravi.client, 2, async () => {
      assert.equal((await as('POST', '/api/messages', { receiverId: ravi.user.id, content: 'Namaste, I write for Priya' })).status, 201);
      assert.equal((await priya.client.post('/api/messages', { receiverId: ravi.user.id, content: 'And this is Priya herself' })).status, 201);
    });
    assert.deepEqual(events.map((e) => [e.content, e.sentBy]), [
      ['Namaste, I write for Priya', { relation: 'mother', label: "Priya's mother" }],
      ['And this is Priya herself', null],
    ]);
    const bell = await server.db('notifications').where({ userId: ravi.user.id, type: 'message' }).orderBy('id').select('title');
    assert.deepEqual(bell.map((n) => n.title), ["New message from Priya's mother", 'New message from Priya Raman']);
    // Ravi answers: it reaches the mother's own open app at once (she reads this conversation for Priya)...
    const toMother = await liveMessages(mother, 1, () => ravi.client.post('/api/messages', { receiverId: priya.user.id, content: 'Namaste to you both' }));
    assert.deepEqual(toMother.map((e) => [e.content, e.senderId, e.receiverId]), [['Namaste to you both', ravi.user.id, priya.user.id]]);
    // ...and she reads it for Priya, but it stays unread for Priya, whose message it is.
    const read = (await (await as('GET', `/api/messages/${priya.user.id}/${ravi.user.id}`)).json()) as Array<{ content: string; sentBy: { label: string } | null }>;
    assert.deepEqual(read.map((m) => [m.content, m.sentBy?.label ?? null]), [['Namaste, I write for Priya', "Priya's mother"], ['And this is Priya herself', null], ['Namaste to you both', null]]);
    assert.deepEqual(await (await priya.client.get(`/api/messages/${priya.user.id}/unread-count`)).json(), { count: 1 });
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayMessage: false });
    assert.deepEqual(await familyReadersOf(server.db, priya.user.id, ravi.user.id), [], 'no longer relayed to the family');
    assert.equal((await as('GET', `/api/messages/${priya.user.id}/${ravi.user.id}`)).status, 403);
    assert.equal((await as('POST', '/api/messages', { receiverId: ravi.user.id, content: 'Again' })).status, 403);
    assert.equal(await server.db('messages').where({ content: 'Again' }).first(), undefined);
  });

  test("what stays the candidate's: settings, password, notifications, deleting the profile", async () => {
    const { priya, profile, as } = await family();
    for (const [method, path] of [
      ['GET', `/api/users/${priya.user.id}/privacy-settings`],
      ['POST', `/api/users/${priya.user.id}/change-password`],
      ['GET', `/api/notifications/${priya.user.id}`],
      ['DELETE', `/api/profiles/${profile.id}`],
      ['POST', '/api/blocks'],
    ] as const) {
      assert.equal((await as(method, path, method === 'GET' ? undefined : {})).status, 403, `${method} ${path}`);
    }
    assert.equal(Boolean(Number((await server.db('profiles').where({ id: profile.id }).first()).isDeleted)), false);
    // Someone who is not family cannot act for the profile at all.
    const stranger = await signedInClient(server);
    assert.equal((await stranger.client.request('GET', '/api/auth/user', { headers: { 'X-Saathi-Acting-For': String(profile.id) } })).status, 404);
  });
});

describe('edits and the one subscription', () => {
  test('family edit the profile while allowed; the candidate\'s paid plan covers the family acting for them', async () => {
    const { priya, profile, mother, as } = await family();
    const edited = await as('PATCH', `/api/profiles/${profile.id}`, { city: 'Leeds' });
    assert.equal(edited.status, 200, await edited.clone().text());
    assert.equal((await server.db('profiles').where({ id: profile.id }).first()).city, 'Leeds');
    const logged = await server.db('audit_log').where({ action: 'family.acted', subjectUserId: priya.user.id }).first();
    assert.ok(logged, 'the edit is recorded as the mother\'s');
    assert.notEqual(logged.actorUserId, priya.user.id);
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayEdit: false });
    assert.equal((await as('PATCH', `/api/profiles/${profile.id}`, { city: 'York' })).status, 403);
    assert.equal((await server.db('profiles').where({ id: profile.id }).first()).city, 'Leeds');

    // The mother's own account counted toward the first 500 like any registration; here it is past its free year,
    // on the free plan: acting for Priya (premium) she may use the paid filters.
    const joined = (await (await mother.get('/api/auth/user')).json()) as { id: number };
    assert.ok(Number((await server.db('users').where({ id: joined.id }).first()).registrationNumber) > 0, 'counted as a registration');
    await server.db('users').where({ id: joined.id }).update({ subscriptionTier: 'tryme', subscriptionEnds: null });
    const own = (await (await mother.get('/api/auth/user')).json()) as { subscriptionTier: string };
    assert.equal(own.subscriptionTier, 'tryme');
    assert.equal((await mother.get('/api/search?isVerified=true')).status, 403, 'not as herself');
    assert.equal((await as('GET', '/api/search?isVerified=true')).status, 200, "covered by Priya's subscription");
  });
});

describe('the family shortlist', () => {
  test('the mother suggests Arjun with a note; Priya sees who and why, discusses, likes; only Priya decides', async () => {
    const { priya, profile, mother, arjun, arjunProfile } = await family();
    const suggested = await mother.post(`/api/family/${profile.id}/suggestions`, { suggestedProfileId: arjunProfile.id, note: 'Good family, lives in London too' });
    assert.equal(suggested.status, 201, await suggested.clone().text());
    const { id } = (await suggested.json()) as { id: number };
    assert.equal((await mother.post(`/api/family/${profile.id}/suggestions`, { suggestedProfileId: arjunProfile.id })).status, 409);
    const bell = await server.db('notifications').where({ userId: priya.user.id, sourceType: 'family_suggestion' }).first();
    assert.equal(bell.title, 'Your mother suggested Arjun Mehta');

    const list = (await (await priya.client.get(`/api/family/${profile.id}/suggestions`)).json()) as Array<{ id: number; note: string; suggestedBy: { name: string; relation: string }; profile: { id: number } }>;
    assert.deepEqual(list.map((s) => [s.profile.id, s.note, s.suggestedBy.name, s.suggestedBy.relation]), [[arjunProfile.id, 'Good family, lives in London too', 'Lakshmi Raman', 'mother']]);

    assert.equal((await mother.post(`/api/family/${profile.id}/suggestions/${id}/decision`, { decision: 'dismiss' })).status, 403, 'only Priya decides');
    assert.equal((await priya.client.post(`/api/family/${profile.id}/suggestions/${id}/decision`, { decision: 'discuss' })).status, 200);
    assert.equal((await priya.client.post(`/api/family/${profile.id}/thread`, { content: 'Tell me more about him, Amma', suggestionId: id })).status, 201);
    assert.equal((await mother.post(`/api/family/${profile.id}/thread`, { content: 'His parents are lovely', suggestionId: id })).status, 201);
    const thread = (await (await mother.get(`/api/family/${profile.id}/thread?suggestionId=${id}`)).json()) as Array<{ content: string; author: { name: string } }>;
    assert.deepEqual(thread.map((m) => [m.author.name, m.content]), [['Priya Raman', 'Tell me more about him, Amma'], ['Lakshmi Raman', 'His parents are lovely']]);

    // Liking from the shortlist is one call: the like itself and the suggestion marked liked, together.
    const decided = await priya.client.post(`/api/family/${profile.id}/suggestions/${id}/decision`, { decision: 'like' });
    assert.deepEqual(await decided.json(), { status: 'liked', isMatch: false });
    assert.ok(await server.db('profile_likes').where({ userId: priya.user.id, likedProfileId: arjunProfile.id }).first(), 'the like is given');
    const liked = await server.db('notifications').where({ userId: arjun.user.id, type: 'like' }).orderBy('id', 'desc').first();
    assert.equal(liked.content, 'Priya Raman liked your profile', "Priya's own like, under her name");
    assert.equal((await server.db('family_suggestions').where({ id }).first()).status, 'liked');

    const stranger = await signedInClient(server);
    assert.equal((await stranger.client.get(`/api/family/${profile.id}/suggestions`)).status, 404);
    assert.equal((await stranger.client.get(`/api/family/${profile.id}/thread`)).status, 404);
  });

  test('a suggestion whose profile the candidate may no longer see cannot be liked: nothing is liked or marked', async () => {
    const { priya, profile, mother, arjun, arjunProfile } = await family();
    const { id } = (await (await mother.post(`/api/family/${profile.id}/suggestions`, { suggestedProfileId: arjunProfile.id })).json()) as { id: number };
    await arjun.client.post('/api/blocks', { userId: priya.user.id });
    assert.equal((await priya.client.post(`/api/family/${profile.id}/suggestions/${id}/decision`, { decision: 'like' })).status, 404);
    assert.equal(await server.db('profile_likes').where({ userId: priya.user.id, likedProfileId: arjunProfile.id }).first(), undefined);
    assert.equal((await server.db('family_suggestions').where({ id }).first()).status, 'open');
    assert.equal((await mother.post(`/api/family/${profile.id}/suggestions/${id}/decision`, { decision: 'like' })).status, 403, 'only Priya decides');
  });

  test('family cannot suggest a profile hidden from the candidate, nor when the candidate turned suggesting off', async () => {
    const { priya, profile, mother, arjun, arjunProfile } = await family();
    await arjun.client.post('/api/blocks', { userId: priya.user.id });
    assert.equal((await mother.post(`/api/family/${profile.id}/suggestions`, { suggestedProfileId: arjunProfile.id })).status, 404);
    const other = await signedInClient(server);
    const otherProfile = await buildProfile(server, other.user, { gender: 'male' });
    await priya.client.patch(`/api/family/${profile.id}/permissions`, { mayShortlist: false });
    assert.equal((await mother.post(`/api/family/${profile.id}/suggestions`, { suggestedProfileId: otherProfile.id })).status, 403);
  });
});

describe('safety', () => {
  test('"made without my consent" reaches the ops queue first; the member page lists the profile\'s people and roles', async () => {
    const { priya, profile } = await family();
    const reporter = await signedInClient(server);
    await buildProfile(server, reporter.user, { gender: 'male' });
    const other = await signedInClient(server);
    await buildProfile(server, other.user, { gender: 'male' });
    assert.equal((await reporter.client.post('/api/reports', { reportedUserId: other.user.id, reason: 'harassment' })).status, 201);
    assert.equal((await reporter.client.post('/api/reports', { reportedUserId: priya.user.id, reportedProfileId: profile.id, reason: 'made_without_consent' })).status, 201);
    const admin = await signedInClient(server, { role: 'admin' });
    const queue = (await (await admin.client.get('/api/ops/reports')).json()) as { items: Array<{ reason: string; priority: boolean }> };
    assert.deepEqual(queue.items.slice(0, 2).map((r) => [r.reason, r.priority]), [['made_without_consent', true], ['harassment', false]]);

    const page = (await (await admin.client.get(`/api/ops/members/${priya.user.id}`)).json()) as { family: { ownProfile: { people: Array<{ role: string; relation: string | null; fullName: string }> } } };
    assert.deepEqual(page.family.ownProfile.people.map((p) => [p.role, p.relation, p.fullName]), [['candidate', null, 'Priya Raman'], ['family', 'mother', 'Lakshmi Raman']]);
  });
});
