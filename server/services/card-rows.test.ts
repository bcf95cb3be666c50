import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ProfileCardView } from '../../contracts/views';
import { type TestServer, startTestServer } from '../test/harness';
import { buildProfile, buildUser, signedInClient } from '../test/factories';
import { buildPhoto, buildProfileFamily } from '../test/table-factories';
import { CardRows } from './card-rows';
import type { MatchEngine } from './match-engine/engine';

// Cards are kept in memory (card-rows.ts). These writes go straight to the database, as another process, the CLI or
// the ops console would make them: only the change feed can tell this process, and every card field must reach it.

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

/** The card of `profileId` in the viewer's search, once it satisfies `expected` (within the one second the feed is given). */
async function cardOnceItShows(client: { get(path: string): Promise<Response> }, profileId: number, expected: (card: ProfileCardView | undefined) => boolean) {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const page = (await (await client.get('/api/search?limit=50')).json()) as ProfileCardView[];
    const card = page.find((c) => c.id === profileId);
    if (expected(card) || Date.now() > deadline) return card;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('profile cards kept in memory follow every write, wherever it is made', () => {
  test('names, city, verification, first photo, blur, visibility and the candidate declining', async () => {
    const me = await signedInClient(server, { tier: 'premium' });
    await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male' });
    const { user: owner } = await buildUser(server, { fullName: 'Suresh Patel' });
    const profile = await buildProfile(server, owner, { gender: 'male', lookingFor: 'female', city: 'Toronto', profileType: 'parent', fullName: 'Arjun Patel' });
    const first = 'a'.repeat(32);
    const second = 'b'.repeat(32);
    const photoA = await buildPhoto(server.db, { userId: owner.id, profileId: profile.id, purpose: 'profile', position: 0, fileKey: first });
    const photoB = await buildPhoto(server.db, { userId: owner.id, profileId: profile.id, purpose: 'profile', position: 1, fileKey: second });
    const db = server.db;

    let card = await cardOnceItShows(me.client, profile.id, (c) => c !== undefined);
    assert.ok(card, 'listed');
    assert.equal(card.fullName, 'Arjun Patel');
    assert.equal(card.city, 'Toronto');
    assert.equal(card.isVerified, false);
    assert.match(card.photos[0] ?? '', new RegExp(first));

    const steps: Array<[string, () => Promise<unknown>, (c: ProfileCardView | undefined) => boolean]> = [
      ["the candidate's name", () => db('profiles').where({ id: profile.id }).update({ fullName: 'Arjun S. Patel' }), (c) => c?.fullName === 'Arjun S. Patel'],
      ['the city', () => db('profiles').where({ id: profile.id }).update({ city: 'Vancouver' }), (c) => c?.city === 'Vancouver'],
      ['verification', () => db('users').where({ id: owner.id }).update({ isVerified: true }), (c) => c?.isVerified === true],
      [
        'which photo comes first',
        async () => {
          await db('photos').where({ id: photoA.id }).update({ position: 2 });
          await db('photos').where({ id: photoB.id }).update({ position: 0 });
        },
        (c) => (c?.photos[0] ?? '').includes(second),
      ],
      ['blurred photos', () => db('privacy_settings').where({ userId: owner.id }).update({ blurPhotos: true }), (c) => c?.photosBlurred === true],
      ['a self-made profile shows the account name', () => db('profiles').where({ id: profile.id }).update({ profileType: 'self' }), (c) => c?.fullName === 'Suresh Patel'],
      ["the account's name", () => db('users').where({ id: owner.id }).update({ fullName: 'Suresh K. Patel' }), (c) => c?.fullName === 'Suresh K. Patel'],
    ];
    for (const [what, write, shows] of steps) {
      await write();
      card = await cardOnceItShows(me.client, profile.id, shows);
      assert.ok(shows(card), `${what}: ${JSON.stringify(card)}`);
    }

    await db('privacy_settings').where({ userId: owner.id }).update({ profileVisibility: 'none' });
    assert.equal(await cardOnceItShows(me.client, profile.id, (c) => c === undefined), undefined, 'hidden');
    await db('privacy_settings').where({ userId: owner.id }).update({ profileVisibility: 'all' });
    assert.ok(await cardOnceItShows(me.client, profile.id, (c) => c !== undefined), 'shown again');

    // The person the profile was made for declines it: live for no one, and not counted either.
    await buildProfileFamily(db, { profileId: profile.id, consent: 'unconfirmed' });
    await db('profile_family').where({ profileId: profile.id }).update({ consent: 'declined' });
    assert.equal(await cardOnceItShows(me.client, profile.id, (c) => c === undefined), undefined, 'declined');
    const res = await me.client.get('/api/search?limit=50');
    assert.ok(!((await res.json()) as ProfileCardView[]).some((c) => c.id === profile.id));
    await db('profile_family').where({ profileId: profile.id }).update({ consent: 'confirmed' });
    assert.ok(await cardOnceItShows(me.client, profile.id, (c) => c !== undefined), 'confirmed');
  });
});

describe('the card memory itself', () => {
  test('a read that raced a change to its member is not kept; the least recently used go first', async () => {
    const { user } = await buildUser(server, { fullName: 'Meera Iyer' });
    const profile = await buildProfile(server, user, { city: 'Leeds' });
    let told: (userIds: number[] | null) => void = () => {};
    const engine = { onMembersChanged: (listener: typeof told) => (told = listener) } as unknown as MatchEngine;
    const cards = new CardRows(server.db, engine, 2);

    // The change lands while the card is being read: what was read may predate it, so it is not kept.
    const reading = cards.get([profile.id]);
    told([user.id]);
    assert.equal((await reading).get(profile.id)?.profile.city, 'Leeds');
    await server.db('profiles').where({ id: profile.id }).update({ city: 'York' });
    assert.equal((await cards.get([profile.id])).get(profile.id)?.profile.city, 'York', 'read again, not kept from the raced read');

    // Kept now: a write the feed has not reported yet is not seen (the feed reports every write that matters)…
    await server.db('profiles').where({ id: profile.id }).update({ city: 'Bath' });
    assert.equal((await cards.get([profile.id])).get(profile.id)?.profile.city, 'York');
    // …until it is.
    told([user.id]);
    assert.equal((await cards.get([profile.id])).get(profile.id)?.profile.city, 'Bath');

    // Two cards at most here: a third pushes out the least recently used.
    const others = [];
    for (const city of ['Hull', 'Derby']) {
      const { user: u } = await buildUser(server);
      others.push({ user: u, profile: await buildProfile(server, u, { city }) });
    }
    await cards.get([others[0].profile.id]);
    await cards.get([profile.id]);
    await cards.get([others[1].profile.id]);
    await server.db('profiles').whereIn('id', [profile.id, others[0].profile.id, others[1].profile.id]).update({ city: 'Ely' });
    const now = await cards.get([profile.id, others[0].profile.id, others[1].profile.id]);
    assert.deepEqual([now.get(profile.id)?.profile.city, now.get(others[0].profile.id)?.profile.city, now.get(others[1].profile.id)?.profile.city], ['Bath', 'Ely', 'Derby']);
  });
});
