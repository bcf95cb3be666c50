import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES } from '../../contracts/auth';
import { migrationSource } from '../../db/migrations';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { buildUser, signedInClient } from '../test/factories';
import { withoutErrorId } from '../test/error-bodies';

let server: TestServer;
let reviewer: Client;
before(async () => {
  server = await startTestServer();
  const { user, password } = await buildUser(server, { role: 'reviewer' });
  reviewer = new Client(server);
  assert.equal((await reviewer.post('/api/ops/session', { username: user.username, password })).status, 200);
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;
const HOUR = 3600_000;
const lastMailTo = (email: string) => server.db('email_outbox').where({ toEmail: email }).orderBy('id', 'desc').first();
const login = (username: string, password: string) => new Client(server).postForm('/api/auth/login', { username, password });

describe('suspensions with a length, and bans', () => {
  for (const [length, hours] of [['24h', 24], ['7d', 7 * 24], ['30d', 30 * 24]] as const) {
    test(`${length}: suspendedUntil is ${hours} hours on, and the email gives the date`, async () => {
      const member = await signedInClient(server);
      const before = Date.now();
      const res = await reviewer.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Spam', length });
      assert.equal(res.status, 200);
      const row = await server.db('users').where({ id: member.user.id }).first('status', 'suspendedUntil');
      assert.equal(row.status, 'suspended');
      const until = Number(row.suspendedUntil);
      assert.ok(until >= before + hours * HOUR && until <= Date.now() + hours * HOUR);
      const mail = await lastMailTo(member.user.email);
      assert.equal(mail.subject, 'Your Saathi account is suspended');
      assert.match(mail.bodyText, /suspended until \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC\. You can sign in again after that\./);
    });
  }

  test('until restored: no end, and the email says a reviewer restores it', async () => {
    const member = await signedInClient(server);
    assert.equal((await reviewer.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Fake photos', length: 'until_restored' })).status, 200);
    const row = await server.db('users').where({ id: member.user.id }).first('status', 'suspendedUntil');
    assert.deepEqual([row.status, row.suspendedUntil], ['suspended', null]);
    assert.match((await lastMailTo(member.user.email)).bodyText, /suspended until our team restores it/);
  });

  test('a ban is its own status, the email says so, and the sign-in answer is still a wrong password', async () => {
    const member = await signedInClient(server);
    const res = await reviewer.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Asked three members for money', length: 'ban' });
    assert.equal(((await res.json()) as Json).status, 'banned');
    assert.equal((await server.db('users').where({ id: member.user.id }).first('status')).status, 'banned');
    const mail = await lastMailTo(member.user.email);
    assert.equal(mail.subject, 'Your Saathi account is banned');
    assert.match(mail.bodyText, /closed permanently \(banned\)/);
    const right = await login(member.user.username, member.password);
    const wrong = await login(member.user.username, 'not-the-password');
    assert.deepEqual([right.status, wrong.status], [401, 401]);
    assert.deepEqual(withoutErrorId(await right.json()), withoutErrorId(await wrong.json()));
    assert.equal((withoutErrorId(await (await login(member.user.username, member.password)).json()) as Json).message, AUTH_MESSAGES.invalidCredentials);
    assert.equal((await server.db('audit_log').where({ subjectUserId: member.user.id, action: 'member.ban' })).length, 1);
  });

  test('an expired suspension lets the member sign in again; one still running does not', async () => {
    const member = await signedInClient(server);
    await reviewer.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Cooling off', length: '24h' });
    assert.equal((await login(member.user.username, member.password)).status, 401);
    await server.db('users').where({ id: member.user.id }).update({ suspendedUntil: Date.now() - 1000 });
    assert.equal((await login(member.user.username, member.password)).status, 200);
    const row = await server.db('users').where({ id: member.user.id }).first('status', 'suspendedUntil');
    assert.deepEqual([row.status, row.suspendedUntil], ['active', null]);
    const suspension = await server.db('suspensions').where({ userId: member.user.id }).first('endedAt', 'endNote');
    assert.ok(suspension.endedAt);
  });

  test('restore always takes a note, emails "active again" with it, and is audited with it', async () => {
    const member = await signedInClient(server);
    await reviewer.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Mistaken report', length: '30d' });
    assert.equal((await reviewer.post(`/api/ops/members/${member.user.id}/restore`, {})).status, 400);
    assert.equal((await reviewer.post(`/api/ops/members/${member.user.id}/restore`, { note: 'The report was about someone else.' })).status, 200);
    const mail = await lastMailTo(member.user.email);
    assert.equal(mail.subject, 'Your Saathi account is active again');
    assert.match(mail.bodyText, /Reason: The report was about someone else\./);
    const audit = await server.db('audit_log').where({ subjectUserId: member.user.id, action: 'member.restore' }).first('details');
    assert.match(String(audit.details), /someone else/);
    assert.equal((await reviewer.post(`/api/ops/members/${member.user.id}/restore`, { note: 'Again' })).status, 409, 'an active member is not restored');
    const page = (await (await reviewer.get(`/api/ops/members/${member.user.id}`)).json()) as { suspensions: Json[] };
    assert.equal(page.suspensions.length, 1);
    const [row] = page.suspensions;
    assert.deepEqual([row.kind, row.note, row.endNote], ['suspension', 'Mistaken report', 'The report was about someone else.']);
    assert.ok(row.until && row.endedAt && row.suspendedBy && row.endedBy, 'the member page shows the length, who decided and who ended it');
    assert.equal((await login(member.user.username, member.password)).status, 200);
  });

  test('the members list filters banned members', async () => {
    const member = await signedInClient(server);
    await reviewer.post(`/api/ops/members/${member.user.id}/suspend`, { reason: 'Ban for the filter', length: 'ban' });
    const list = (await (await reviewer.get('/api/ops/members?status=banned&pageSize=200')).json()) as { items: Json[] };
    assert.ok(list.items.some((m) => m.id === member.user.id));
    assert.ok(list.items.every((m) => m.status === 'banned'));
  });
});

test('the trust-and-safety migration goes down and up again, and is safe to run twice', async () => {
  const own = await startTestServer();
  try {
    const name = '20261207_50_trust_and_safety';
    await own.db.migrate.down({ migrationSource, name });
    assert.equal(await own.db.schema.hasTable('suspensions'), false);
    assert.equal(await own.db.schema.hasColumn('users', 'suspended_until'), false);
    const migration = await migrationSource.getMigration(name);
    await migration.up(own.db);
    await migration.up(own.db);
    for (const [table, column] of [['users', 'suspended_until'], ['reports', 'source'], ['reports', 'message_id'], ['reports', 'suspension_id'], ['messages', 'safety_signal']]) {
      assert.ok(await own.db.schema.hasColumn(table, column), `${table}.${column}`);
    }
    assert.ok(await own.db.schema.hasTable('suspensions'));
  } finally {
    await own.close();
  }
});
