import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES } from '../../../contracts/auth';
import { createApp } from '../../app';
import { loadConfig } from '../../config';
import { configProblems } from '../../config-checks';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildUser } from '../../test/factories';

async function resetRequest(server: TestServer, email: string) {
  const res = await new Client(server).post('/api/auth/password-reset/request', { email });
  assert.equal(res.status, 200);
  return (await res.json()) as { message: string; token?: string };
}

describe('demo mode is asked for, never assumed', () => {
  test('a plain start (no DEMO_MODE, no DATABASE_URL) is not a demo; DEMO_MODE=true is', () => {
    assert.equal(loadConfig({}, {}).demoMode, false, 'the embedded store alone must not turn demo mode on');
    assert.equal(loadConfig({}, { PUBLIC_URL: 'https://saathi.example', SMTP_URL: 'smtp://mail.example' }).demoMode, false);
    assert.equal(loadConfig({}, { DEMO_MODE: 'true' }).demoMode, true);
  });

  test('demo mode with an https public URL is refused at start with one clear sentence', () => {
    const unsafe = loadConfig({ demoMode: true, publicUrl: 'https://saathi.example' }, {});
    const problems = configProblems(unsafe);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /Demo mode is refused with the https public URL https:\/\/saathi\.example/);
    assert.throws(() => createApp(unsafe, null as never), /Demo mode is refused/);
    assert.deepEqual(configProblems(loadConfig({ demoMode: true, publicUrl: 'http://localhost:3000' }, {})), []);
    assert.deepEqual(configProblems(loadConfig({ demoMode: false, publicUrl: 'https://saathi.example' }, {})), []);
  });
});

describe('outside demo mode (the default)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demoMode: loadConfig({}, {}).demoMode, publicUrl: 'https://saathi.example', secureCookies: false });
  });
  after(() => server.close());

  test('a reset request answers without a token, for a member and for the admin alike', async () => {
    const { user: member } = await buildUser(server);
    const { user: admin } = await buildUser(server, { role: 'admin' });
    for (const email of [member.email, admin.email, 'nobody@example.test']) {
      const body = await resetRequest(server, email);
      assert.deepEqual(body, { message: AUTH_MESSAGES.resetRequestSent }, email);
    }
  });

  test('no demo banner on the pages', async () => {
    for (const page of ['/', '/login', '/ops']) {
      const html = await (await new Client(server).get(page, { Accept: 'text/html' })).text();
      assert.doesNotMatch(html, /Demo instance/, page);
    }
  });
});

describe('in demo mode', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demoMode: true });
  });
  after(() => server.close());

  test("a member's reset link is shown; a staff account's never is", async () => {
    const { user: member } = await buildUser(server);
    assert.match((await resetRequest(server, member.email)).token ?? '', /^[A-Za-z0-9_-]{43}$/);
    for (const role of ['admin', 'reviewer'] as const) {
      const { user: staff } = await buildUser(server, { role });
      const body = await resetRequest(server, staff.email);
      assert.deepEqual(body, { message: AUTH_MESSAGES.resetRequestSent }, role);
      assert.ok(await server.db('password_reset_tokens').where({ userId: staff.id }).first(), 'the link still goes to their mailbox');
    }
  });

  test('every page of both apps says it is a demo, before any script runs', async () => {
    for (const page of ['/', '/login', '/search', '/ops', '/ops/reports', '/no-such-page']) {
      const html = await (await new Client(server).get(page, { Accept: 'text/html' })).text();
      assert.match(html, /<div role="note" class="saathi-demo-banner"[^>]*>Demo instance:[^<]*<\/div><div id="root">/, page);
    }
  });
});
