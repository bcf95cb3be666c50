import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { withoutErrorId } from '../../test/error-bodies';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

let counter = 0;
function registration(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    fullName: 'Priya Sharma',
    email: `priya${counter}@example.test`,
    username: `priya_${counter}`,
    password: 'namaste-2026',
    confirmPassword: 'namaste-2026',
    subscriptionTier: 'tryme',
    ...overrides,
  };
}

async function messageOf(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

describe('register', () => {
  test('creates the account, signs it in and answers with the user and the validated redirect', async () => {
    const client = new Client(server);
    const form = registration();
    const res = await client.postForm('/api/auth/register?redirect=/search', form);
    assert.equal(res.status, 201);
    const body = (await res.json()) as { user: { username: string; fullName: string; email: string }; redirectTo: string };
    assert.equal(body.user.username, form.username);
    assert.equal(body.user.email, form.email);
    assert.equal(body.redirectTo, '/search');
    const me = await client.get('/api/auth/user');
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { fullName: string }).fullName, 'Priya Sharma');
    const row = await server.db('users').where({ usernameLower: form.username }).first();
    assert.match(row.passwordHash, /^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
    assert.ok(!row.passwordHash.includes(form.password));
  });

  test('a plain HTML form post is redirected to the validated path (303)', async () => {
    const client = new Client(server);
    const res = await client.postForm('/api/auth/register?redirect=/', registration(), { Accept: 'text/html' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/');
  });

  const cases: Array<[string, Record<string, string>, string, number]> = [
    ['missing full name', { fullName: '' }, AUTH_MESSAGES.fullNameRequired, 400],
    ['missing email', { email: '' }, AUTH_MESSAGES.emailRequired, 400],
    ['invalid email', { email: 'not-an-email' }, AUTH_MESSAGES.emailInvalid, 400],
    ['missing username', { username: '' }, AUTH_MESSAGES.usernameRequired, 400],
    ['short username', { username: 'ab' }, 'Username must be at least 3 characters', 400],
    ['short password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters', 400],
    ['mismatched passwords', { confirmPassword: 'something-else' }, "Passwords don't match", 400],
    ['missing confirmation', { confirmPassword: '' }, AUTH_MESSAGES.confirmRequired, 400],
  ];
  for (const [name, overrides, message, status] of cases) {
    test(`refuses ${name} with "${message}" and creates nothing`, async () => {
      const before = await server.db('users').count({ n: '*' }).first();
      const res = await new Client(server).postForm('/api/auth/register', registration(overrides));
      assert.equal(res.status, status);
      assert.equal(await messageOf(res), message);
      const afterCount = await server.db('users').count({ n: '*' }).first();
      assert.equal(Number(afterCount?.n), Number(before?.n));
    });
  }

  test('a taken username or email is a 409 with the field named', async () => {
    const first = registration();
    assert.equal((await new Client(server).postForm('/api/auth/register', first)).status, 201);
    const sameUsername = await new Client(server).postForm('/api/auth/register', registration({ username: first.username.toUpperCase() }));
    assert.equal(sameUsername.status, 409);
    assert.deepEqual(withoutErrorId(await sameUsername.json()), { message: AUTH_MESSAGES.usernameTaken, code: 'conflict', field: 'username' });
    const sameEmail = await new Client(server).postForm('/api/auth/register', registration({ email: first.email.toUpperCase() }));
    assert.equal(sameEmail.status, 409);
    assert.equal(await messageOf(sameEmail), AUTH_MESSAGES.emailTaken);
  });

  test('the client cannot choose its tier', async () => {
    await server.db('counters').where({ name: 'registrations' }).update({ value: 10_000 });
    const client = new Client(server);
    const res = await client.postForm('/api/auth/register', registration({ subscriptionTier: 'elite' }));
    assert.equal(res.status, 201);
    const body = (await res.json()) as { user: { subscriptionTier: string } };
    assert.equal(body.user.subscriptionTier, 'tryme');
  });
});

/** The calendar rule, written out independently of the product: the same UTC date next year, 29 February → 28. */
function sameDateNextYear(ms: number): number {
  const d = new Date(ms);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(d.getUTCFullYear() + 1, d.getUTCMonth(), Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
}

describe('first 500 registrations', () => {
  test('accounts 499 and 500 get premium for a year; 501 gets tryme', async () => {
    await server.db('counters').where({ name: 'registrations' }).update({ value: 498 });
    const tiers: Array<{ tier: string; ends: string | null; first: boolean }> = [];
    const registeredFrom = Date.now();
    for (let i = 0; i < 3; i++) {
      const res = await new Client(server).postForm('/api/auth/register', registration());
      assert.equal(res.status, 201);
      const { user } = (await res.json()) as { user: { subscriptionTier: string; subscriptionEnds: string | null; isFirst500: boolean } };
      tiers.push({ tier: user.subscriptionTier, ends: user.subscriptionEnds, first: user.isFirst500 });
    }
    assert.deepEqual(tiers.map((t) => t.tier), ['premium', 'premium', 'tryme']);
    assert.deepEqual(tiers.map((t) => t.first), [true, true, false]);
    const ends = Date.parse(tiers[0].ends ?? '');
    assert.ok(ends >= sameDateNextYear(registeredFrom) && ends <= sameDateNextYear(Date.now()), `premium lasts a calendar year, got ${tiers[0].ends}`);
    assert.equal(tiers[2].ends, null);
  });

  test('concurrent registrations never hand out more than the remaining slots', async () => {
    await server.db('counters').where({ name: 'registrations' }).update({ value: 495 });
    const results = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const res = await new Client(server).postForm('/api/auth/register', registration());
        return ((await res.json()) as { user: { subscriptionTier: string } }).user.subscriptionTier;
      }),
    );
    assert.equal(results.filter((t) => t === 'premium').length, 5);
    const numbers = (await server.db('users').whereBetween('registrationNumber', [496, 507]).select('registrationNumber')).map((r) => r.registrationNumber);
    assert.equal(new Set(numbers).size, 12, 'every registration got its own number');
  });

  test('a free premium year that has ended counts as tryme at once', async () => {
    const res = await new Client(server).postForm('/api/auth/register', registration());
    const client = new Client(server);
    const form = registration();
    await server.db('counters').where({ name: 'registrations' }).update({ value: 0 });
    await client.postForm('/api/auth/register', form);
    assert.equal(res.status, 201);
    await server.db('users').where({ usernameLower: form.username }).update({ subscriptionEnds: Date.now() - 1000 });
    const me = (await (await client.get('/api/auth/user')).json()) as { subscriptionTier: string; isFirst500: boolean };
    assert.equal(me.subscriptionTier, 'tryme');
    assert.equal(me.isFirst500, false);
  });
});

describe('login', () => {
  test('signs in with the username (any case) or the email and rotates the session id', async () => {
    const { user, password } = await buildUser(server);
    const client = new Client(server);
    // A session that exists before login (e.g. planted by an attacker) must not survive it.
    await client.postForm('/api/auth/login', { username: user.username, password: 'wrong-password' });
    const visitorSid = client.cookies.get('saathi.sid');
    const res = await client.postForm('/api/auth/login?redirect=/messages', { username: user.username.toUpperCase(), password });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { user: { id: number }; redirectTo: string };
    assert.equal(body.user.id, user.id);
    assert.equal(body.redirectTo, '/messages');
    const firstSid = client.cookies.get('saathi.sid');
    assert.ok(firstSid);
    assert.notEqual(firstSid, visitorSid);

    const again = await client.postForm('/api/auth/login', { username: user.email, password });
    assert.equal(again.status, 200);
    const secondSid = client.cookies.get('saathi.sid');
    assert.notEqual(secondSid, firstSid, 'a new session id at every login');
    const stale = new Client(server);
    stale.cookies.set('saathi.sid', firstSid as string);
    stale.cookies.set('saathi.sid.sig', '');
    assert.equal((await stale.get('/api/auth/user')).status, 401);
    const rows = await server.db('sessions').where({ userId: user.id });
    assert.equal(rows.length, 1, 'the old session row was destroyed');
  });

  test('the session cookie is httpOnly, SameSite=Lax and signed', async () => {
    const { user, password } = await buildUser(server);
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: server.origin, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: user.username, password }),
    });
    const cookies = res.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith('saathi.sid='));
    assert.ok(sid);
    assert.match(sid, /httponly/i);
    assert.match(sid, /samesite=lax/i);
    assert.ok(cookies.some((c) => c.startsWith('saathi.sid.sig=')), 'signature cookie present');
  });

  test('a forged (unsigned) session cookie is ignored', async () => {
    const { client } = await (async () => {
      const { user, password } = await buildUser(server);
      const c = new Client(server);
      await c.postForm('/api/auth/login', { username: user.username, password });
      return { client: c };
    })();
    const forged = new Client(server);
    forged.cookies.set('saathi.sid', client.cookies.get('saathi.sid') as string);
    forged.cookies.set('saathi.sid.sig', 'not-the-signature');
    assert.equal((await forged.get('/api/auth/user')).status, 401);
  });

  test('validation and credential messages', async () => {
    const { user } = await buildUser(server);
    const noUser = await new Client(server).postForm('/api/auth/login', { username: '', password: 'x' });
    assert.equal(noUser.status, 400);
    assert.equal(await messageOf(noUser), AUTH_MESSAGES.usernameRequired);
    const noPassword = await new Client(server).postForm('/api/auth/login', { username: 'someone', password: '' });
    assert.equal(noPassword.status, 400);
    assert.equal(await messageOf(noPassword), AUTH_MESSAGES.passwordRequired);
    const wrong = await new Client(server).postForm('/api/auth/login', { username: user.username, password: 'wrong-password' });
    assert.equal(wrong.status, 401);
    assert.equal(await messageOf(wrong), AUTH_MESSAGES.invalidCredentials);
    const unknown = await new Client(server).postForm('/api/auth/login', { username: 'nobody_here', password: 'wrong-password' });
    assert.equal(unknown.status, 401);
    assert.equal(await messageOf(unknown), AUTH_MESSAGES.invalidCredentials, 'same answer: no user enumeration');
  });

  test('a plain form failure goes back to /login with the error and keeps redirectTo', async () => {
    const res = await new Client(server).postForm(
      '/api/auth/login?redirect=/settings',
      { username: 'nobody_here', password: 'wrong-password' },
      { Accept: 'text/html' },
    );
    assert.equal(res.status, 303);
    const location = new URL(res.headers.get('location') as string, server.url);
    assert.equal(location.pathname, '/login');
    assert.equal(location.searchParams.get('error'), AUTH_MESSAGES.invalidCredentials);
    assert.equal(location.searchParams.get('redirectTo'), '/settings');
  });

  test('suspended members cannot sign in, and are answered as a wrong password is', async () => {
    const { user, password } = await buildUser(server);
    await server.db('users').where({ id: user.id }).update({ status: 'suspended' });
    const client = new Client(server);
    const res = await client.postForm('/api/auth/login', { username: user.username, password });
    assert.equal(res.status, 401);
    assert.equal(await messageOf(res), AUTH_MESSAGES.invalidCredentials);
    assert.equal((await client.get('/api/auth/user')).status, 401);
  });

  for (const target of ['https://evil.example/phish', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'evil.example']) {
    test(`refuses the open redirect ${JSON.stringify(target)} and falls back to /`, async () => {
      const { user, password } = await buildUser(server);
      const json = await new Client(server).postForm(`/api/auth/login?redirect=${encodeURIComponent(target)}`, { username: user.username, password });
      assert.equal(((await json.json()) as { redirectTo: string }).redirectTo, '/');
      const html = await new Client(server).postForm(
        `/api/auth/login?redirect=${encodeURIComponent(target)}`,
        { username: user.username, password },
        { Accept: 'text/html' },
      );
      assert.equal(html.status, 303);
      assert.equal(html.headers.get('location'), '/');
    });
  }
});

describe('logout and session', () => {
  test('logout destroys the server-side session', async () => {
    const { user, password } = await buildUser(server);
    const client = new Client(server);
    await client.postForm('/api/auth/login', { username: user.username, password });
    const sid = client.cookies.get('saathi.sid') as string;
    const sig = client.cookies.get('saathi.sid.sig') as string;
    const res = await client.post('/api/auth/logout');
    assert.equal(res.status, 200);
    assert.equal((await client.get('/api/auth/user')).status, 401);
    const replay = new Client(server);
    replay.cookies.set('saathi.sid', sid);
    replay.cookies.set('saathi.sid.sig', sig);
    assert.equal((await replay.get('/api/auth/user')).status, 401, 'a copied cookie is dead after logout');
    assert.equal((await server.db('sessions').where({ userId: user.id })).length, 0);
  });

  test('GET /api/auth/user is 401 with a message when signed out', async () => {
    const res = await new Client(server).get('/api/auth/user');
    assert.equal(res.status, 401);
    assert.equal(await messageOf(res), 'Not authenticated');
  });
});

describe('CSRF', () => {
  test('a state-changing request from another origin is refused and changes nothing', async () => {
    const evil = new Client(server, { origin: 'https://evil.example' });
    const form = registration();
    const res = await evil.postForm('/api/auth/register', form);
    assert.equal(res.status, 403);
    assert.match(await messageOf(res), /CSRF/);
    assert.equal(await server.db('users').where({ usernameLower: form.username }).first(), undefined);
  });

  test('a request with neither Origin nor Referer is refused; a same-site Referer is accepted', async () => {
    const bare = new Client(server, { origin: null });
    const res = await bare.postForm('/api/auth/register', registration());
    assert.equal(res.status, 403);
    const withReferer = await bare.postForm('/api/auth/register', registration(), { Referer: `${server.url}/register` });
    assert.equal(withReferer.status, 201);
  });

  test('logout from another origin does not end the session', async () => {
    const { user, password } = await buildUser(server);
    const client = new Client(server);
    await client.postForm('/api/auth/login', { username: user.username, password });
    const res = await client.request('POST', '/api/auth/logout', { headers: { Origin: 'https://evil.example' } });
    assert.equal(res.status, 403);
    assert.equal((await client.get('/api/auth/user')).status, 200);
  });
});

describe('password reset', () => {
  test('demo mode returns a token; the token resets the password once and ends every session', async () => {
    const { user, password } = await buildUser(server);
    const signedIn = new Client(server);
    await signedIn.postForm('/api/auth/login', { username: user.username, password });

    const req = await new Client(server).post('/api/auth/password-reset/request', { email: user.email });
    assert.equal(req.status, 200);
    const { token, message } = (await req.json()) as { token: string; message: string };
    assert.equal(message, AUTH_MESSAGES.resetRequestSent);
    assert.match(token, /^[A-Za-z0-9_-]{43}$/, '256-bit token');
    const stored = await server.db('password_reset_tokens').where({ userId: user.id }).first();
    assert.notEqual(stored.tokenHash, token, 'stored hashed');
    const mail = await server.db('email_outbox').where({ toEmail: user.email }).first();
    assert.ok(mail.bodyText.includes(`/reset-password/${token}`));

    const mismatch = await new Client(server).postForm(
      '/api/auth/password-reset/confirm',
      { token, password: 'brand-new-pass', confirmPassword: 'different-pass' },
      { Accept: 'text/html' },
    );
    assert.equal(mismatch.status, 303);
    const mismatchUrl = new URL(mismatch.headers.get('location') as string, server.url);
    assert.equal(mismatchUrl.pathname, `/reset-password/${token}`);
    assert.equal(mismatchUrl.searchParams.get('error'), "Passwords don't match");

    const short = await new Client(server).postForm('/api/auth/password-reset/confirm', { token, password: 'short', confirmPassword: 'short' });
    assert.equal(short.status, 400);
    assert.equal(await messageOf(short), 'Password must be at least 8 characters');

    const ok = await new Client(server).postForm(
      '/api/auth/password-reset/confirm',
      { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      { Accept: 'text/html' },
    );
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get('location'), `/reset-password/${token}?success=true`);
    assert.equal((await signedIn.get('/api/auth/user')).status, 401, 'existing sessions end');

    const reuse = await new Client(server).postForm('/api/auth/password-reset/confirm', { token, password: 'another-pass-1', confirmPassword: 'another-pass-1' });
    assert.equal(reuse.status, 400);
    assert.equal(await messageOf(reuse), AUTH_MESSAGES.resetInvalidToken);

    const oldLogin = await new Client(server).postForm('/api/auth/login', { username: user.username, password });
    assert.equal(oldLogin.status, 401);
    const newLogin = await new Client(server).postForm('/api/auth/login', { username: user.username, password: 'brand-new-pass' });
    assert.equal(newLogin.status, 200);
  });

  test('two requests racing with one token: exactly one resets the password', async () => {
    const { user } = await buildUser(server);
    const { token } = (await (await new Client(server).post('/api/auth/password-reset/request', { email: user.email })).json()) as { token: string };
    const passwords = ['racing-pass-one', 'racing-pass-two'];
    const results = await Promise.all(
      passwords.map((password) => new Client(server).postForm('/api/auth/password-reset/confirm', { token, password, confirmPassword: password })),
    );
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400]);
    const loser = results.find((r) => r.status === 400) as Response;
    assert.equal(await messageOf(loser), AUTH_MESSAGES.resetInvalidToken);
    const winner = passwords[results.findIndex((r) => r.status === 200)];
    const logins = await Promise.all(passwords.map((password) => new Client(server).postForm('/api/auth/login', { username: user.username, password })));
    assert.deepEqual(logins.map((r) => r.status), passwords.map((p) => (p === winner ? 200 : 401)), 'the winner\'s password is the one set');
  });

  test('an expired token is refused', async () => {
    const { user } = await buildUser(server);
    const req = await new Client(server).post('/api/auth/password-reset/request', { email: user.email });
    const { token } = (await req.json()) as { token: string };
    await server.db('password_reset_tokens').where({ userId: user.id }).update({ expiresAt: Date.now() - 1 });
    const res = await new Client(server).postForm('/api/auth/password-reset/confirm', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    assert.equal(res.status, 400);
    assert.equal(await messageOf(res), AUTH_MESSAGES.resetInvalidToken);
  });

  test('an unknown email gets the same message and no token', async () => {
    const res = await new Client(server).post('/api/auth/password-reset/request', { email: 'nobody@example.test' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { message: AUTH_MESSAGES.resetRequestSent });
  });

  test('an invalid email is refused with the spec message', async () => {
    const res = await new Client(server).post('/api/auth/password-reset/request', { email: 'not-an-email' });
    assert.equal(res.status, 400);
    assert.equal(await messageOf(res), 'Please enter a valid email address');
  });
});

describe('outside demo mode', () => {
  test('the reset response never carries a token, whether or not the email exists', async () => {
    const live = await startTestServer({ demoMode: false });
    try {
      const { user } = await buildUser(live);
      const known = await new Client(live).post('/api/auth/password-reset/request', { email: user.email });
      const unknown = await new Client(live).post('/api/auth/password-reset/request', { email: 'ghost@example.test' });
      assert.deepEqual(await known.json(), await unknown.json());
      assert.equal(known.status, unknown.status);
      assert.equal((await live.db('email_outbox').where({ toEmail: user.email })).length, 1, 'the link goes by email');
    } finally {
      await live.close();
    }
  });
});

describe('rate limits', () => {
  test('login attempts beyond the limit get 429 with Retry-After, even with the right password', async () => {
    const limited = await startTestServer({
      rateLimits: {
        login: { max: 3, windowMs: 60_000 },
        register: { max: 100, windowMs: 60_000 },
        passwordReset: { max: 2, windowMs: 60_000 },
        contact: { max: 5, windowMs: 60_000 },
      },
    });
    try {
      const { user, password } = await buildUser(limited);
      for (let i = 0; i < 3; i++) {
        const res = await new Client(limited).postForm('/api/auth/login', { username: user.username, password: 'wrong-password' });
        assert.equal(res.status, 401);
      }
      const blocked = await new Client(limited).postForm('/api/auth/login', { username: user.username, password });
      assert.equal(blocked.status, 429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      // A sliding window: late in a window the attempts made weigh on into the next one, so the wait can pass its edge.
      assert.ok(retryAfter >= 1 && retryAfter <= 120, `Retry-After ${retryAfter}`);
      assert.equal(await messageOf(blocked), AUTH_MESSAGES.tooManyAttempts);

      for (let i = 0; i < 2; i++) {
        assert.equal((await new Client(limited).post('/api/auth/password-reset/request', { email: user.email })).status, 200);
      }
      const resetBlocked = await new Client(limited).post('/api/auth/password-reset/request', { email: user.email });
      assert.equal(resetBlocked.status, 429);
      assert.ok(Number(resetBlocked.headers.get('retry-after')) >= 1);
    } finally {
      await limited.close();
    }
  });
});

describe('registering for someone else', () => {
  test('a parent registering for a daughter: the account has the parent’s name, the wizard opens on her profile', async () => {
    const client = new Client(server);
    const form = registration({ fullName: 'Ramesh Iyer', profileFor: 'daughter', candidateName: 'Lakshmi Iyer' });
    const res = await client.postForm('/api/auth/register', form);
    assert.equal(res.status, 201, await res.clone().text());
    const me = (await (await client.get('/api/auth/user')).json()) as { fullName: string };
    assert.equal(me.fullName, 'Ramesh Iyer');
    const draft = (await (await client.get('/api/profile-draft')).json()) as { values: Record<string, string> };
    assert.deepEqual(
      [draft.values.relation, draft.values.profileType, draft.values.fullName, draft.values.gender, draft.values.parentName],
      ['daughter', 'parent', 'Lakshmi Iyer', 'female', 'Ramesh Iyer'],
    );
    const created = await client.post('/api/profiles', {
      gender: draft.values.gender, dateOfBirth: '1997-02-14', profileType: draft.values.profileType, fullName: draft.values.fullName,
      parentName: draft.values.parentName, parentRelationship: 'father', parentContact: '+91 98200 12345', country: 'India', city: 'Chennai',
      education: "Master's", profession: 'Architect',
    });
    assert.equal(created.status, 201, await created.clone().text());
    const profile = (await created.json()) as { fullName: string; profileType: string; relation: string; user: { fullName: string } };
    assert.deepEqual([profile.fullName, profile.profileType, profile.relation, profile.user.fullName], ['Lakshmi Iyer', 'parent', 'daughter', 'Ramesh Iyer']);
  });

  test('without the candidate’s name, or with an unknown choice, it is refused and no account is made', async () => {
    for (const [overrides, message] of [
      [{ profileFor: 'son' }, 'Enter the full name of the person this profile is for'],
      [{ profileFor: 'cousin', candidateName: 'Ravi' }, AUTH_MESSAGES.profileForInvalid],
    ] as const) {
      const form = registration(overrides);
      const res = await new Client(server).postForm('/api/auth/register', form);
      assert.equal(res.status, 400);
      assert.equal(await messageOf(res), message);
      assert.equal(await server.db('users').where({ usernameLower: form.username }).first(), undefined);
    }
  });

  test('registering for myself opens an empty wizard, as before', async () => {
    const client = new Client(server);
    assert.equal((await client.postForm('/api/auth/register', registration({ profileFor: 'self' }))).status, 201);
    const draft = (await (await client.get('/api/profile-draft')).json()) as { values: Record<string, string>; updatedAt: string | null };
    assert.deepEqual(draft.values, {});
  });
});
