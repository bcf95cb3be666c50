// No user enumeration outside demo mode: registration, sign-in and password reset answer the same whether or
// not an email or account exists (and do the same work: one password hash, at most one email); new accounts
// sign in after the emailed confirmation link.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { assertSameErrorAnswer } from '../../test/error-bodies';

let server: TestServer;

before(async () => {
  server = await startTestServer({ demoMode: false });
});
after(() => server.close());

let n = 0;
function registration(overrides: Record<string, string> = {}) {
  n += 1;
  return {
    fullName: 'Lakshmi Iyer',
    email: `lakshmi${n}@example.test`,
    username: `lakshmi_${n}`,
    password: 'kaveri-river-2026',
    confirmPassword: 'kaveri-river-2026',
    subscriptionTier: 'tryme',
    ...overrides,
  };
}

async function outboxFor(email: string) {
  return server.db('email_outbox').where({ toEmail: email }).orderBy('id');
}

function linkToken(body: string, path: string): string {
  const match = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(body);
  assert.ok(match, `no ${path} link in: ${body}`);
  return match[1];
}

describe('registration outside demo mode', () => {
  it('answers a new and an already-registered email identically, and signs neither in', async () => {
    const existing = await buildUser(server, { email: 'taken.address@example.test' });
    const fresh = registration();
    const dup = registration({ email: existing.user.email.toUpperCase() });

    const a = new Client(server);
    const b = new Client(server);
    const resFresh = await a.postForm('/api/auth/register', fresh);
    const resDup = await b.postForm('/api/auth/register', dup);
    assert.equal(resFresh.status, 202);
    assert.equal(resDup.status, resFresh.status);
    const bodyFresh = await resFresh.text();
    assert.equal(await resDup.text(), bodyFresh);
    assert.deepEqual(JSON.parse(bodyFresh), { message: AUTH_MESSAGES.confirmationSent, confirmationRequired: true });
    assert.equal((await a.get('/api/auth/user')).status, 401);
    assert.equal((await b.get('/api/auth/user')).status, 401);

    // The new address gets a confirmation link; the registered one a "was this you?" note; one email each.
    const [confirm] = await outboxFor(fresh.email);
    assert.match(confirm.bodyText, /\/confirm-email\/[A-Za-z0-9_-]{40,}/);
    const notes = await outboxFor(existing.user.email);
    assert.equal(notes.length, 1);
    assert.match(notes[0].subject, /tried to register/);
    assert.doesNotMatch(notes[0].bodyText, /confirm-email/);
    // No second account was made for the taken address.
    assert.equal((await server.db('users').where({ emailLower: existing.user.email.toLowerCase() })).length, 1);
  });

  it('form posts from the page without JavaScript land on the same "check your email" screen either way', async () => {
    const existing = await buildUser(server);
    for (const fields of [registration(), registration({ email: existing.user.email })]) {
      const res = await new Client(server).request('POST', '/api/auth/register', { form: fields, headers: { Accept: 'text/html' } });
      assert.equal(res.status, 303);
      assert.equal(res.headers.get('location'), '/register?sent=true');
    }
  });

  it('an unconfirmed account cannot sign in; the link confirms it once, signs in, and then sign-in works', async () => {
    const fields = registration();
    assert.equal((await new Client(server).postForm('/api/auth/register', fields)).status, 202);

    // The right password and a wrong one get the same answer: the reason goes to the mailbox, not the form.
    const early = await new Client(server).postForm('/api/auth/login', { username: fields.username, password: fields.password });
    const wrong = await new Client(server).postForm('/api/auth/login', { username: fields.username, password: 'not-the-password' });
    assert.deepEqual([early.status, wrong.status], [401, 401]);
    assert.equal(((await early.json()) as { message: string }).message, AUTH_MESSAGES.invalidCredentials);
    assert.equal(((await wrong.json()) as { message: string }).message, AUTH_MESSAGES.invalidCredentials);

    const [mail] = await outboxFor(fields.email);
    const token = linkToken(mail.bodyText, '/confirm-email');
    const visitor = new Client(server);
    const confirmed = await visitor.post('/api/auth/confirm-email', { token });
    assert.equal(confirmed.status, 200);
    const body = (await confirmed.json()) as { message: string; user: { username: string } };
    assert.equal(body.message, AUTH_MESSAGES.emailConfirmed);
    assert.equal(body.user.username, fields.username);
    assert.equal((await visitor.get('/api/auth/user')).status, 200);

    const reuse = await new Client(server).post('/api/auth/confirm-email', { token });
    assert.equal(reuse.status, 400);
    assert.equal(((await reuse.json()) as { message: string }).message, AUTH_MESSAGES.confirmInvalidToken);
    assert.equal((await new Client(server).postForm('/api/auth/login', { username: fields.username, password: fields.password })).status, 200);
  });

  it('refuses unknown, malformed and expired confirmation links without changing anything', async () => {
    const fields = registration();
    await new Client(server).postForm('/api/auth/register', fields);
    const [mail] = await outboxFor(fields.email);
    const token = linkToken(mail.bodyText, '/confirm-email');
    await server.db('email_confirmation_tokens').update({ expiresAt: Date.now() - 1000 }).whereNull('usedAt');
    for (const body of [{ token }, { token: 'x'.repeat(43) }, { token: '' }, {}, { token: 'a'.repeat(500) }]) {
      const res = await new Client(server).post('/api/auth/confirm-email', body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
    const user = await server.db('users').where({ usernameLower: fields.username }).first();
    assert.equal(user.emailConfirmedAt, null);
  });

  it('a password reset link also confirms the address (it proves the member reads that inbox)', async () => {
    const fields = registration();
    await new Client(server).postForm('/api/auth/register', fields);
    await new Client(server).post('/api/auth/password-reset/request', { email: fields.email });
    const reset = (await outboxFor(fields.email)).find((m) => m.kind === 'password_reset');
    assert.ok(reset);
    const token = linkToken(reset.bodyText, '/reset-password');
    const res = await new Client(server).postForm('/api/auth/password-reset/confirm', { token, password: 'new-pass-2026', confirmPassword: 'new-pass-2026' });
    assert.equal(res.status, 200);
    assert.equal((await new Client(server).postForm('/api/auth/login', { username: fields.username, password: 'new-pass-2026' })).status, 200);
  });

  it('a taken username is named (usernames are public handles) and nothing is stored', async () => {
    const existing = await buildUser(server);
    const before = await server.db('users').count({ n: '*' }).first();
    const res = await new Client(server).postForm('/api/auth/register', registration({ username: existing.user.username }));
    assert.equal(res.status, 409);
    assert.equal(((await res.json()) as { message: string }).message, AUTH_MESSAGES.usernameTaken);
    assert.deepEqual(await server.db('users').count({ n: '*' }).first(), before);
  });
});

describe('sign-in and reset reveal nothing', () => {
  it('an unknown username and a wrong password get the same answer', async () => {
    const { user } = await buildUser(server);
    const unknown = await new Client(server).postForm('/api/auth/login', { username: 'no_such_member_here', password: 'whatever-pass' });
    const wrong = await new Client(server).postForm('/api/auth/login', { username: user.username, password: 'whatever-pass' });
    assert.equal(unknown.status, 401);
    assert.equal(wrong.status, 401);
    await assertSameErrorAnswer(unknown, wrong);
  });

  it('a reset request for a registered and an unknown email get the same answer, without a token', async () => {
    const { user } = await buildUser(server);
    const known = await new Client(server).post('/api/auth/password-reset/request', { email: user.email });
    const unknown = await new Client(server).post('/api/auth/password-reset/request', { email: 'nobody@example.test' });
    assert.equal(known.status, 200);
    assert.equal(unknown.status, known.status);
    const body = await known.text();
    assert.equal(await unknown.text(), body);
    assert.deepEqual(JSON.parse(body), { message: AUTH_MESSAGES.resetRequestSent });
    assert.equal((await outboxFor(user.email)).length, 1);
    assert.equal((await outboxFor('nobody@example.test')).length, 0);
  });
});
