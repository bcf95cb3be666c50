import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import { Client, type TestServer, startTestServer } from '../../../test/harness';
import { type Mailbox, startMailbox } from '../../../test/mailbox';
import { buildProfile, buildUser, signedInClient } from '../../../test/factories';

// A real deployment: staff two-factor authentication is required (demo mode, the harness's default, leaves it off).
// Mail goes out by SMTP: a staff account's links are never readable in the outbox, so the mailbox is where they are.
let server: TestServer;
let mailbox: Mailbox;
before(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ staffTwoFactorRequired: true, smtpUrl: mailbox.url });
});
after(async () => {
  await server?.close();
  await mailbox?.close();
});

type Json = Record<string, unknown>;

/** Signs a fresh staff account in and turns its two-factor authentication on, as the console's enrolment does. */
async function enrolledStaff(role: 'reviewer' | 'admin') {
  const { user, password } = await buildUser(server, { role });
  const client = new Client(server);
  assert.equal((await client.post('/api/ops/session', { username: user.username, password })).status, 200);
  const setup = (await (await client.post(`/api/users/${user.id}/2fa/setup`)).json()) as { secret: string };
  assert.equal((await client.post(`/api/users/${user.id}/2fa/enable`, { code: await generate({ secret: setup.secret }) })).status, 200);
  return { client, user, password, secret: setup.secret };
}

async function inviteLink(email: string): Promise<{ token: string; subject: string }> {
  const deadline = Date.now() + 10_000;
  let mail = mailbox.inbox.find((m) => m.to && JSON.stringify(m.to).includes(email));
  while (!mail && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    mail = mailbox.inbox.find((m) => m.to && JSON.stringify(m.to).includes(email));
  }
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  assert.ok(token, 'an email with a link to choose a password');
  return { token, subject: mail?.subject ?? '' };
}

describe('staff accounts: two-factor at first sign-in', () => {
  test('a password alone signs in to the enrolment only; after enrolling, the console opens', async () => {
    const { user, password } = await buildUser(server, { role: 'reviewer' });
    const member = await signedInClient(server);
    const profile = await buildProfile(server, member.user);
    const client = new Client(server);
    const signIn = await client.post('/api/ops/session', { username: user.username, password });
    assert.equal(signIn.status, 200);
    assert.equal(((await signIn.json()) as Json).mustEnrolTwoFactor, true);
    assert.equal(((await (await client.get('/api/ops/me')).json()) as Json).mustEnrolTwoFactor, true);

    const refused = await client.get('/api/ops/members');
    assert.equal(refused.status, 403);
    const body = (await refused.json()) as Json;
    assert.deepEqual([body.code, body.twoFactorEnrolmentRequired, body.message], ['two_factor_enrolment_required', true, 'Turn on two-factor authentication to use the console']);
    assert.equal((await client.get(`/api/profiles/${profile.id}`)).status, 401, 'no member data through the member routes either');

    const setup = (await (await client.post(`/api/users/${user.id}/2fa/setup`)).json()) as { secret: string; qrCodeImageUrl: string };
    assert.match(setup.qrCodeImageUrl, /^data:image\/png;base64,/);
    assert.equal((await client.post(`/api/users/${user.id}/2fa/enable`, { code: '000000' })).status, 400, 'a wrong code enrols nothing');
    assert.equal((await client.get('/api/ops/members')).status, 403);
    const enabled = await client.post(`/api/users/${user.id}/2fa/enable`, { code: await generate({ secret: setup.secret }) });
    assert.equal(enabled.status, 200);
    assert.equal(((await enabled.json()) as { recoveryCodes: string[] }).recoveryCodes.length, 10);
    assert.equal((await client.get('/api/ops/members')).status, 200);
    assert.equal(((await (await client.get('/api/ops/me')).json()) as Json).mustEnrolTwoFactor, false);

    // From now on the console asks for the code, and it cannot be turned off.
    const again = await new Client(server).post('/api/ops/session', { username: user.username, password });
    assert.equal(again.status, 401);
    assert.equal(((await again.json()) as Json).totpRequired, true);
    const next = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    assert.equal((await client.post(`/api/users/${user.id}/2fa/disable`, { code: next })).status, 409);
  });

  test('members are not asked to enrol', async () => {
    const member = await signedInClient(server);
    assert.equal((await member.client.get('/api/auth/user')).status, 200);
  });
});

describe('new reviewers are invited to choose their own password', () => {
  test('the admin gives no password; the invitee gets a link, sets a password, then must enrol', async () => {
    const admin = await enrolledStaff('admin');
    const withPassword = await admin.client.post('/api/ops/reviewers', { username: 'nisha.ops', fullName: 'Nisha Rao', email: 'nisha@ops.test', password: 'chosen-by-admin-1' });
    assert.equal(withPassword.status, 400, 'a password is no longer part of creating an account');
    assert.equal(((await withPassword.json()) as Json).field, 'password');
    const created = await admin.client.post('/api/ops/reviewers', { username: 'nisha.ops', fullName: 'Nisha Rao', email: 'nisha@ops.test' });
    assert.equal(created.status, 201);
    assert.match(((await created.json()) as Json).message as string, /invitation/);
    const { token, subject } = await inviteLink('nisha@ops.test');
    assert.equal(subject, 'You are invited to the Saathi console');
    const kept = await server.db('email_outbox').where({ toEmail: 'nisha@ops.test' }).first();
    assert.ok(!kept.bodyText.includes(token), 'the copy an admin can read holds no link: no administrator learns the password');

    const reset = await new Client(server).post('/api/auth/password-reset/confirm', { token, password: 'nisha-own-password-1', confirmPassword: 'nisha-own-password-1' });
    assert.equal(reset.status, 200);
    const invitee = new Client(server);
    const signIn = await invitee.post('/api/ops/session', { username: 'nisha.ops', password: 'nisha-own-password-1' });
    assert.equal(signIn.status, 200);
    assert.equal(((await signIn.json()) as Json).mustEnrolTwoFactor, true);
    assert.equal((await new Client(server).post('/api/auth/password-reset/confirm', { token, password: 'someone-else-pass-1', confirmPassword: 'someone-else-pass-1' })).status, 400, 'the link works once');
  });

  test('a reviewer cannot invite; a taken username is a 409 and sends nothing', async () => {
    const reviewer = await enrolledStaff('reviewer');
    assert.equal((await reviewer.client.post('/api/ops/reviewers', { username: 'x.ops', fullName: 'X Y', email: 'x@ops.test' })).status, 403);
    const admin = await enrolledStaff('admin');
    const taken = await admin.client.post('/api/ops/reviewers', { username: reviewer.user.username, fullName: 'Dup', email: 'dup@ops.test' });
    assert.equal(taken.status, 409);
    assert.equal(await server.db('email_outbox').where({ toEmail: 'dup@ops.test' }).first(), undefined);
  });
});
