import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ProfileSummaryView } from '../../../contracts/kundali';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';
import { buildLike, buildMatch, buildProfileView } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

test('the Kundali picker: matches, liked, then recently viewed first, only the gender looked for, searchable by name and city', async () => {
  const me = await signedInClient(server, { fullName: 'Ananya Iyer' });
  await buildProfile(server, me.user, { gender: 'female', lookingFor: 'male' });
  const men: Array<{ userId: number; profileId: number; name: string }> = [];
  for (const [name, city] of [
    ['Kanwar Singh', 'Toronto'], ['Kanwar Singh', 'Vancouver'], ['Arjun Mehta', 'London'], ['Dev Kapoor', 'Leicester'],
    ['Rohan Das', 'Sydney'], ['Vikram Rao', 'Dubai'],
  ]) {
    const m = await signedInClient(server, { fullName: name });
    const p = await buildProfile(server, m.user, { gender: 'male', lookingFor: 'female', city, country: 'Canada' });
    men.push({ userId: m.user.id, profileId: p.id, name });
  }
  const woman = await signedInClient(server, { fullName: 'Meera Nair' });
  await buildProfile(server, woman.user, { gender: 'female', lookingFor: 'male' });

  const [kanwarT, kanwarV, arjun, dev, rohan] = men;
  const now = Date.now();
  // Arjun is a mutual match; Dev is liked; Rohan and Kanwar (Vancouver) were viewed, Rohan last.
  const pair = me.user.id < arjun.userId ? { user1Id: me.user.id, user2Id: arjun.userId } : { user1Id: arjun.userId, user2Id: me.user.id };
  await buildMatch(server.db, { ...pair, createdAt: now });
  await buildLike(server.db, { userId: me.user.id, likedProfileId: arjun.profileId, createdAt: now - 1000 });
  await buildLike(server.db, { userId: me.user.id, likedProfileId: dev.profileId, createdAt: now - 2000 });
  await buildProfileView(server.db, { viewerUserId: me.user.id, profileId: kanwarV.profileId, viewDate: '2026-11-20', createdAt: now - 50_000 });
  await buildProfileView(server.db, { viewerUserId: me.user.id, profileId: rohan.profileId, viewDate: '2026-11-24', createdAt: now - 10_000 });

  const res = await me.client.get('/api/profiles/search');
  assert.equal(res.status, 200);
  const list = (await res.json()) as ProfileSummaryView[];
  // Oracle: every visible male profile of this server, ranked by hand.
  const everyMale = await server.db('profiles').where({ gender: 'male', isDeleted: false }).pluck('id');
  assert.deepEqual(list.map((p) => p.id).sort((a, b) => a - b), [...everyMale].sort((a, b) => a - b), 'only the gender looked for, all of them');
  assert.deepEqual(
    list.slice(0, 4).map((p) => [p.id, p.relation]),
    [[arjun.profileId, 'match'], [dev.profileId, 'liked'], [rohan.profileId, 'viewed'], [kanwarV.profileId, 'viewed']],
  );
  const rest = list.slice(4);
  assert.ok(rest.every((p) => p.relation === null));
  assert.deepEqual(rest.map((p) => p.user.fullName), [...rest.map((p) => p.user.fullName)].sort());
  // The two Kanwar Singhs are told apart by city and age.
  const kanwars = list.filter((p) => p.fullName === 'Kanwar Singh');
  assert.deepEqual(kanwars.map((p) => p.city).sort(), ['Toronto', 'Vancouver']);
  assert.ok(kanwars.every((p) => typeof p.age === 'number' && p.photo === null));

  const byName = (await (await me.client.get('/api/profiles/search?q=kanwar')).json()) as ProfileSummaryView[];
  assert.deepEqual(byName.map((p) => p.id).sort(), [kanwarT.profileId, kanwarV.profileId].sort());
  const byCity = (await (await me.client.get('/api/profiles/search?q=toronto')).json()) as ProfileSummaryView[];
  assert.deepEqual(byCity.map((p) => p.id), [kanwarT.profileId]);
  const wildcard = (await (await me.client.get('/api/profiles/search?q=%25')).json()) as ProfileSummaryView[];
  assert.equal(wildcard.length, list.length, 'a "%" is not a wildcard: it is ignored');
});
