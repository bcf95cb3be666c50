// SQL-injection strings are data: stored and returned verbatim in every free-text field, found by search as the
// text they are, and the tables they name are untouched.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type TestServer, startTestServer } from './test/harness';
import { buildProfile, signedInClient } from './test/factories';

const INJECTIONS = [
  "Robert'); DROP TABLE users;--",
  "' OR '1'='1",
  '" OR ""="',
  '1; SELECT * FROM sessions --',
  "admin'--",
  "%' AND 1=0 UNION SELECT password_hash FROM users --",
  "\\'; DELETE FROM profiles WHERE 1=1; --",
  "' || (SELECT sqlite_version()) || '",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal ${x}, as an attacker would type it, is the point of this entry
  '$1 ${x} `id` :name ? ?? @p',
  "'; EXEC xp_cmdshell('dir'); --",
  "1' AND SLEEP(5)#",
  "O'Brien\"; TRUNCATE messages; /*",
  "x') UNION ALL SELECT NULL,NULL--",
];

const PROFILE_FIELDS = [
  'city', 'educationDetails', 'profession', 'company', 'about', 'birthPlace', 'gotra', 'siblingDetails', 'familyBackground',
  'educationPreference', 'professionPreference', 'nriCommunity', 'visaImmigrationExperience',
] as const;

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['users', 'profiles', 'sessions', 'messages']) out[table] = Number((await server.db(table).count({ n: '*' }).first())?.n);
  return out;
}

test('every free-text profile field stores and returns injection strings verbatim', async () => {
  const me = await signedInClient(server, { tier: 'premium' });
  const profile = await buildProfile(server, me.user, {});
  const values = Object.fromEntries(PROFILE_FIELDS.map((field, i) => [field, `${INJECTIONS[i % INJECTIONS.length]} #${field}`]));
  // about and familyBackground have a minimum length in the completion check; make them long enough.
  values.about = `${INJECTIONS.join(' ')} about me`;
  values.familyBackground = `${INJECTIONS.slice().reverse().join(' ')} family`;
  const saved = await me.client.request('PATCH', `/api/profiles/${profile.id}`, { json: values });
  assert.equal(saved.status, 200, await saved.clone().text());
  const read = (await (await me.client.get(`/api/profiles/${profile.id}`)).json()) as Record<string, unknown>;
  for (const field of PROFILE_FIELDS) assert.equal(read[field], values[field], field);
});

test('messages, report details, mood notes and contact messages keep injection strings verbatim', async () => {
  const a = await signedInClient(server, { tier: 'premium' });
  const b = await signedInClient(server, { tier: 'premium' });
  await buildProfile(server, b.user);
  const before = await counts();
  for (const text of INJECTIONS) {
    const sent = await a.client.post('/api/messages', { receiverId: b.user.id, content: text });
    assert.equal(sent.status, 201, text);
  }
  const thread = (await (await b.client.get(`/api/messages/${b.user.id}/${a.user.id}`)).json()) as Array<{ content: string }>;
  assert.deepEqual(thread.map((m) => m.content).sort(), [...INJECTIONS].sort());

  const [moodType] = await server.db('mood_types').orderBy('id').limit(1);
  const mood = await a.client.post('/api/moods', { moodTypeId: moodType.id, intensity: 3, note: INJECTIONS[0], isPrivate: true });
  assert.equal(mood.status, 201);
  const history = (await (await a.client.get('/api/moods/history')).json()) as Array<{ note: string | null }>;
  assert.ok(history.some((m) => m.note === INJECTIONS[0]));

  const report = await a.client.post('/api/reports', { reportedUserId: b.user.id, reason: 'other', details: INJECTIONS[5] });
  assert.equal(report.status, 201);
  assert.equal((await server.db('reports').where({ reporterId: a.user.id }).first()).details, INJECTIONS[5]);

  const contact = await a.client.post('/api/contact', { name: "Ann O'Neil", email: a.user.email, subject: INJECTIONS[1], message: `${INJECTIONS[2]} please help` });
  assert.equal(contact.status, 201);
  const stored = await server.db('contact_messages').where({ userId: a.user.id }).first();
  assert.equal(stored.subject, INJECTIONS[1]);

  const after = await counts();
  assert.equal(after.users, before.users);
  assert.equal(after.profiles, before.profiles);
  assert.equal(after.messages, before.messages + INJECTIONS.length);
});

test('search treats injection strings as text: it finds the profile that contains them and nothing else', async () => {
  const seeker = await signedInClient(server, { tier: 'premium' });
  await buildProfile(server, seeker.user, { gender: 'female', lookingFor: 'male' });
  const target = await signedInClient(server);
  const profile = await buildProfile(server, target.user, { gender: 'male', lookingFor: 'female', city: "O'Brien Falls", profession: "Robert'); DROP TABLE users;--" });
  const before = await counts();
  for (const query of [...INJECTIONS, "O'Brien", 'DROP TABLE users']) {
    const res = await seeker.client.get(`/api/search?query=${encodeURIComponent(query)}`);
    assert.equal(res.status, 200, query);
  }
  const found = (await (await seeker.client.get(`/api/search?query=${encodeURIComponent("O'Brien")}`)).json()) as Array<{ id: number }>;
  assert.deepEqual(found.map((r) => r.id), [profile.id]);
  const byJob = (await (await seeker.client.get(`/api/search?query=${encodeURIComponent('DROP TABLE users')}`)).json()) as Array<{ id: number }>;
  assert.deepEqual(byJob.map((r) => r.id), [profile.id]);
  assert.deepEqual(await counts(), before);
});
