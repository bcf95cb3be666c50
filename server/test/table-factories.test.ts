import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Message } from '../models/engagement';
import { ProfileFamily } from '../models/family';
import { PushOutbox } from '../models/delivery';
import { buildProfile, buildUser } from './factories';
import { type TestServer, listTables, startTestServer } from './harness';
import * as tableFactories from './table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

// Tables with their factory elsewhere (users and profiles in factories.ts, through the services that make them),
// and the match engine's own bookkeeping, which only the engine and the database's triggers write.
const BUILT_ELSEWHERE = ['users', 'profiles', 'knex_migrations', 'knex_migrations_lock', 'engine_changes', 'engine_log_pause', 'daily_matches', 'member_lines', 'member_lines_format'];

test('every table has a factory', async () => {
  const covered = new Set(Object.values(tableFactories).map((build) => build.model.tableName));
  const missing = (await listTables(server.db)).filter((table) => !covered.has(table) && !BUILT_ELSEWHERE.includes(table) && !table.startsWith('profiles_fts'));
  assert.deepEqual(missing, [], 'a new table gets a factory in server/test/table-factories.ts');
});

test('a built row reads back through its model with booleans, JSON and timestamps as the application sees them', async () => {
  const a = await buildUser(server);
  const b = await buildUser(server);
  const profile = await buildProfile(server, a.user, { profileType: 'parent' });
  const sentAt = Date.UTC(2026, 0, 5);
  const message = await tableFactories.buildMessage(server.db, { senderId: a.user.id, receiverId: b.user.id, isRead: true, createdAt: sentAt });
  const read = await Message.query(server.db).findById(message.id);
  assert.equal(read?.isRead, true);
  assert.equal(read?.createdAt, sentAt);
  assert.equal(read?.content, 'Hello');

  await tableFactories.buildProfileFamily(server.db, { profileId: profile.id, consent: 'unconfirmed', mayMessage: true });
  assert.deepEqual((await ProfileFamily.query(server.db).findById(profile.id))?.permissions(), { mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: true, mayShare: true, mayCall: false });

  const subscription = await tableFactories.buildPushSubscription(server.db, { userId: b.user.id });
  const push = await tableFactories.buildPush(server.db, { subscriptionId: subscription.id, payload: { title: 'Ravi wrote', url: '/messages' } });
  assert.deepEqual((await PushOutbox.query(server.db).findById(push.id))?.payload, { title: 'Ravi wrote', url: '/messages' });
});
