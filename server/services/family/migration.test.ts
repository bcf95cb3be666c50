import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { migrationSource } from '../../../db/migrations';
import { type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('profiles made by a parent before family access become "managed by family, not yet confirmed", and keep working', async () => {
  // Back to the schema before family access, with a parent-made and a self-made profile in it.
  await server.db.migrate.down({ migrationSource, name: '20261125_90_family_access' });
  const parent = await signedInClient(server, { fullName: 'Sunita Iyer' });
  const self = await signedInClient(server, { fullName: 'Kavya Nair' });
  const managed = await buildProfile(server, parent.user, { profileType: 'parent', parentName: 'Sunita Iyer', parentRelationship: 'sister', parentContact: '+44 7700 900123', fullName: 'Meera Iyer' });
  const own = await buildProfile(server, self.user);
  await server.db.migrate.up({ migrationSource, name: '20261125_90_family_access' });
  // The later migrations that add columns to profile_family run again (each is safe to run twice), as they would
  // after 90 on a database that had never had it.
  for (const name of ['20261201_46_family_may_share', '20261207_50_family_consent']) await (await migrationSource.getMigration(name)).up(server.db);

  assert.deepEqual(await server.db('profile_family').where({ profileId: managed.id }).first('consent', 'candidateFirstName'), { consent: 'unconfirmed', candidateFirstName: 'Meera' });
  const members = await server.db('family_members').where({ profileId: managed.id }).select('userId', 'relation', 'status');
  assert.deepEqual(members, [{ userId: parent.user.id, relation: 'sibling', status: 'active' }], 'the creator is the first family member');
  assert.equal(await server.db('profile_family').where({ profileId: own.id }).first(), undefined, 'a self-made profile is untouched');

  // The parent's session, profile and edits go on as before.
  assert.equal((await parent.client.get(`/api/profiles/${managed.id}`)).status, 200);
  const edited = await parent.client.patch(`/api/profiles/${managed.id}`, { city: 'Manchester' });
  assert.equal(edited.status, 200, await edited.clone().text());
  const family = (await (await parent.client.get(`/api/family/${managed.id}`)).json()) as { consent: string; people: Array<{ relation: string }> };
  assert.equal(family.consent, 'unconfirmed');
  assert.deepEqual(family.people.map((p) => p.relation), ['sibling']);
});
