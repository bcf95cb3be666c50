// Account emails through a real SMTP server: each has an HTML part in the one email layout and a plain-text part,
// greets the member by name, and its link (the button's href, also written out in both parts) does what it says.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { type Mailbox, startMailbox } from '../../test/mailbox';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { mailSuspension } from '../member-notices';

const PUBLIC = 'http://saathi.example';
let mailbox: Mailbox;
let server: TestServer;

before(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ demoMode: false, smtpUrl: mailbox.url, publicUrl: PUBLIC, trustProxy: false });
});
after(async () => {
  await server?.close();
  await mailbox?.close();
});

async function mailTo(address: string, subject: RegExp): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = mailbox.inbox.find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === address && subject.test(m.subject ?? ''));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email "${subject}" to ${address}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The email's one link to `path`: the button's href in the HTML, the same URL in the plain text, on the public
 * origin. Returns what follows the path (the token).
 */
function theLink(mail: ParsedMail, path: string): string {
  const escaped = path.replace(/[/-]/g, '\\$&');
  const inHtml = [...String(mail.html).matchAll(new RegExp(`href="(${PUBLIC.replace(/[.]/g, '\\.')}${escaped}[^"]*)"`, 'g'))].map((m) => m[1]);
  assert.ok(inHtml.length > 0, `no ${path} link in the HTML part`);
  assert.equal(new Set(inHtml).size, 1, 'every link in the HTML is the same one');
  assert.ok((mail.text ?? '').includes(inHtml[0]), 'the plain-text part carries the same link');
  return inHtml[0].slice(PUBLIC.length + path.length).replace(/^\//, '');
}

function assertLayout(mail: ParsedMail, greeting: string) {
  assert.match(String(mail.html), /<html[^>]*lang="en"/);
  assert.match(String(mail.html), new RegExp(greeting));
  assert.match(mail.text ?? '', new RegExp(greeting));
  assert.match(mail.text ?? '', /Account emails cannot be turned off|console account/);
  assert.equal(mail.headerLines.find((h) => h.key === 'list-unsubscribe'), undefined, 'account emails cannot be unsubscribed from');
}

describe('account emails', () => {
  test('the confirmation email: both parts, greeting by name, its link confirms the address and signs in', async () => {
    const email = 'meera.confirm@example.test';
    const fields = { fullName: 'Meera Pillai', email, username: 'meera_confirm', password: 'backwaters-2026', confirmPassword: 'backwaters-2026', subscriptionTier: 'tryme' };
    assert.equal((await new Client(server).postForm('/api/auth/register', fields)).status, 202);
    const mail = await mailTo(email, /Confirm your email address/);
    assertLayout(mail, 'Namaste Meera Pillai,');
    const token = theLink(mail, '/confirm-email');
    const visitor = new Client(server);
    assert.equal((await visitor.post('/api/auth/confirm-email', { token })).status, 200);
    assert.equal((await visitor.get('/api/auth/user')).status, 200);
    const stored = await server.db('email_outbox').where({ toEmail: email, kind: 'verification' }).first();
    assert.doesNotMatch(stored.bodyText, new RegExp(token), 'the readable copy hides the single-use link');
  });

  test('registering a taken address emails a note whose links lead to sign-in and to a new password', async () => {
    const existing = await buildUser(server, { email: 'taken.address@example.test' });
    const fields = { fullName: 'Someone Else', email: existing.user.email, username: 'someone_else_1', password: 'another-pass-2026', confirmPassword: 'another-pass-2026', subscriptionTier: 'tryme' };
    assert.equal((await new Client(server).postForm('/api/auth/register', fields)).status, 202);
    const mail = await mailTo(existing.user.email, /Someone tried to register/);
    assertLayout(mail, 'Namaste,');
    assert.match(String(mail.html), new RegExp(`href="${PUBLIC}/login"`));
    assert.match(String(mail.html), new RegExp(`href="${PUBLIC}/forgot-password"`));
    for (const path of ['/login', '/forgot-password']) assert.equal((await new Client(server).get(path)).status, 200, `${path} opens the app`);
  });

  test('the password reset email: its link sets a new password that signs in', async () => {
    const member = await buildUser(server, { fullName: 'Kiran Rao', email: 'kiran.reset@example.test' });
    assert.equal((await new Client(server).post('/api/auth/password-reset/request', { email: member.user.email })).status, 200);
    const mail = await mailTo(member.user.email, /Reset your Saathi password/);
    assertLayout(mail, 'Namaste Kiran Rao,');
    const token = theLink(mail, '/reset-password');
    const res = await new Client(server).postForm('/api/auth/password-reset/confirm', { token, password: 'monsoon-2026-new', confirmPassword: 'monsoon-2026-new' });
    assert.equal(res.status, 200);
    assert.equal((await new Client(server).postForm('/api/auth/login', { username: member.user.username, password: 'monsoon-2026-new' })).status, 200);
  });

  test('the suspension email: its link opens the appeal form for that member', async () => {
    const member = await buildUser(server, { fullName: 'Farhan Ali', email: 'farhan.suspended@example.test' });
    await server.db('users').where({ id: member.user.id }).update({ status: 'suspended' });
    await mailSuspension(server.config, server.db, member.user.id);
    const mail = await mailTo(member.user.email, /suspended/);
    assertLayout(mail, 'Namaste Farhan Ali,');
    const token = theLink(mail, '/appeal');
    const res = await new Client(server).get(`/api/appeals/${token}`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { fullName: string; suspended: boolean };
    assert.equal(body.fullName, 'Farhan Ali');
    assert.equal(body.suspended, true);
  });
});
