import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../../test/harness';
import { buildUser, signedInClient } from '../../../test/factories';
import { type Mailbox, startMailbox } from '../../../test/mailbox';

type Json = Record<string, unknown>;
const TOKEN_LINK = /\/reset-password\/[A-Za-z0-9_-]{43}/;

async function staff(server: TestServer, role: 'reviewer' | 'admin') {
  const { user, password } = await buildUser(server, { role });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  return { user, client };
}

async function requestReset(server: TestServer, email: string) {
  assert.equal((await new Client(server).post('/api/auth/password-reset/request', { email })).status, 200);
}

const storedMail = (server: TestServer, email: string) =>
  server.db('email_outbox').where({ toEmail: email, kind: 'password_reset' }).orderBy('id', 'desc').first();

// Staff two-factor enrolment (required on a real deployment) is tested in reviewers/staff-protection.test.ts; here
// the staff accounts sign in with their password so the tests are about mail.
describe('the email outbox without SMTP (a real deployment, not a demo)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demoMode: false, staffTwoFactorRequired: false });
  });
  after(() => server.close());

  test('reviewers cannot read the outbox or mark its mail; admins can, and each read is audited', async () => {
    const reviewer = await staff(server, 'reviewer');
    const admin = await staff(server, 'admin');
    const member = await buildUser(server);
    await requestReset(server, member.user.email);
    const mail = await storedMail(server, member.user.email);

    assert.equal((await reviewer.client.get('/api/ops/inbox/outbox')).status, 403);
    assert.equal((await reviewer.client.post(`/api/ops/inbox/outbox/${mail.id}/handled`)).status, 403);
    const listed = await admin.client.get('/api/ops/inbox/outbox?status=open');
    assert.equal(listed.status, 200);
    assert.ok(((await listed.json()) as { items: Json[] }).items.some((m) => m.id === mail.id));
    const reads = await server.db('audit_log').where({ action: 'inbox.outbox.read', actorUserId: admin.user.id });
    assert.equal(reads.length, 1);
    assert.equal(await server.db('audit_log').where({ action: 'inbox.outbox.read', actorUserId: reviewer.user.id }).first(), undefined);
  });

  test("a staff account's reset link never appears in the outbox; a member's is hidden once an admin handles it", async () => {
    const target = await buildUser(server, { role: 'admin' });
    await requestReset(server, target.user.email);
    const staffMail = await storedMail(server, target.user.email);
    assert.ok(staffMail, 'the mail is recorded');
    assert.doesNotMatch(staffMail.bodyText, TOKEN_LINK);
    assert.match(staffMail.bodyText, /\/reset-password\/\[hidden: sent to the recipient only\]/);

    const member = await buildUser(server);
    await requestReset(server, member.user.email);
    const memberMail = await storedMail(server, member.user.email);
    assert.match(memberMail.bodyText, TOKEN_LINK, 'without SMTP the outbox is how the member gets the link');
    const admin = await staff(server, 'admin');
    assert.equal((await admin.client.post(`/api/ops/inbox/outbox/${memberMail.id}/handled`)).status, 200);
    assert.doesNotMatch((await storedMail(server, member.user.email)).bodyText, TOKEN_LINK);
  });

  test('a reviewer who asks for the admin’s reset cannot take over the console', async () => {
    const admin = await buildUser(server, { role: 'admin' });
    const reviewer = await staff(server, 'reviewer');
    await requestReset(server, admin.user.email);
    const outbox = await reviewer.client.get('/api/ops/inbox/outbox?pageSize=200');
    assert.equal(outbox.status, 403);
    assert.doesNotMatch(JSON.stringify(await outbox.json()), TOKEN_LINK);
  });
});

describe('the email outbox with SMTP', () => {
  let server: TestServer;
  let mailbox: Mailbox;
  before(async () => {
    mailbox = await startMailbox();
    server = await startTestServer({ demoMode: false, staffTwoFactorRequired: false, smtpUrl: mailbox.url });
  });
  after(async () => {
    await server.close();
    await mailbox.close();
  });

  test('the link reaches the mailbox and is never stored', async () => {
    const member = await signedInClient(server);
    await requestReset(server, member.user.email);
    const deadline = Date.now() + 10_000;
    const sentTo = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)?.text.includes(member.user.email);
    while (!mailbox.inbox.some(sentTo) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const delivered = mailbox.inbox.find(sentTo);
    assert.ok(delivered, 'the SMTP server received the mail');
    assert.match(delivered.text ?? '', TOKEN_LINK);
    const stored = await storedMail(server, member.user.email);
    assert.doesNotMatch(stored.bodyText, TOKEN_LINK);
  });
});
