// Every error answer names its occurrence: `errorId` in the body, the same id as X-Request-Id, and the same id in
// the one log line written for it, so a member's "Reference" can be found in the log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isPostgres } from './db';
import { withoutErrorId } from './test/error-bodies';
import { Client, type TestServer, startTestServer } from './test/harness';
import { buildProfile, signedInClient } from './test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** The answer's errorId (checked against X-Request-Id) and the log lines that carry it. */
async function errorOf(res: Response): Promise<{ errorId: string; body: Record<string, unknown>; lines: Record<string, unknown>[] }> {
  const body = (await res.json()) as Record<string, unknown>;
  const errorId = String(body.errorId);
  assert.match(errorId, /^[0-9a-f-]{36}$/, JSON.stringify(body));
  assert.equal(res.headers.get('x-request-id'), errorId, 'the body and the header name the same id');
  return { errorId, body, lines: server.logs.filter((line) => line.reqId === errorId) };
}

describe('4xx answers', () => {
  const cases: Array<[string, (c: Client) => Promise<Response>, number, string]> = [
    ['an unknown API route', (c) => c.get('/api/no-such-route'), 404, 'not_found'],
    ['a malformed JSON body', () => fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { Origin: server.origin, 'Content-Type': 'application/json' }, body: '{"username": ' }), 400, 'bad_request'],
    ['a write from another site (CSRF)', (c) => c.request('POST', '/api/messages', { json: {}, headers: { Origin: 'https://elsewhere.example' } }), 403, 'forbidden'],
    ['/metrics with no token configured', (c) => c.get('/metrics'), 404, 'not_found'],
  ];
  for (const [name, send, status, code] of cases) {
    test(`${name}: errorId in the body, the header and one info line without a stack`, async () => {
      const client = new Client(server);
      const first = await errorOf(await send(client));
      const second = await errorOf(await send(client));
      assert.equal(first.body.code, code);
      assert.notEqual(first.errorId, second.errorId, 'each request has its own id');
      assert.equal(first.lines.length, 1, JSON.stringify(first.lines));
      const [line] = first.lines;
      assert.equal(line.level, 'info');
      assert.equal(line.status, status);
      assert.equal(line.code, code);
      assert.equal(line.message, first.body.message);
      assert.equal(line.err, undefined, 'no stack for a client error');
    });
  }

  test('a rate-limited sign-in (429) names its occurrence too', async () => {
    const limited = await startTestServer({
      rateLimits: { login: { max: 1, windowMs: 60_000 }, register: { max: 10, windowMs: 60_000 }, passwordReset: { max: 10, windowMs: 60_000 }, contact: { max: 10, windowMs: 60_000 } },
    });
    try {
      const client = new Client(limited);
      const attempt = () => client.post('/api/auth/login', { username: 'nobody_here', password: 'wrong-password' });
      await attempt();
      const res = await attempt();
      assert.equal(res.status, 429);
      const body = (await res.json()) as { errorId: string; code: string };
      assert.equal(body.code, 'rate_limited');
      assert.equal(res.headers.get('x-request-id'), body.errorId);
      assert.equal(limited.logs.filter((line) => line.reqId === body.errorId && line.status === 429).length, 1);
    } finally {
      await limited.close();
    }
  });

  test('an error status set without throwing (a missing static file) has its id in the header and one log line', async () => {
    const res = await fetch(`${server.url}/assets/missing-TESTHASH.js`);
    assert.equal(res.status, 404);
    const id = res.headers.get('x-request-id');
    assert.ok(id);
    const lines = server.logs.filter((line) => line.reqId === id);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].level, 'info');
  });
});

describe('5xx answers', () => {
  test('a failing write: errorId in the body, the same id in one error line with the stack, nothing of the SQL', async () => {
    const { client, user } = await signedInClient(server);
    const other = await signedInClient(server);
    await buildProfile(server, other.user);
    const pg = isPostgres(server.db);
    // The database refuses this one write, as a lost connection or a bug would.
    if (pg) {
      await server.db.raw(`CREATE OR REPLACE FUNCTION refuse_block() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'block refused by test'; END $$ LANGUAGE plpgsql`);
      await server.db.raw('CREATE TRIGGER refuse_block BEFORE INSERT ON blocks FOR EACH ROW EXECUTE FUNCTION refuse_block()');
    } else {
      await server.db.raw("CREATE TRIGGER refuse_block BEFORE INSERT ON blocks BEGIN SELECT RAISE(ABORT, 'block refused by test'); END");
    }
    let answers: Response[];
    try {
      answers = [await client.post('/api/blocks', { userId: other.user.id }), await client.post('/api/blocks', { userId: other.user.id })];
    } finally {
      await server.db.raw(pg ? 'DROP TRIGGER refuse_block ON blocks' : 'DROP TRIGGER refuse_block');
    }
    const [first, second] = await Promise.all(answers.map(async (res) => ({ status: res.status, ...(await errorOf(res)) })));
    assert.equal(first.status, 500);
    assert.deepEqual(withoutErrorId(first.body), { message: 'Something went wrong. Please try again later.', code: 'internal_error' });
    assert.notEqual(first.errorId, second.errorId, 'each request has its own id');
    assert.equal(first.lines.length, 1, JSON.stringify(first.lines));
    const [line] = first.lines;
    assert.equal(line.level, 'error');
    assert.equal(line.status, 500);
    assert.equal(line.path, '/api/blocks');
    assert.match(String(line.err), /block refused by test/);
    assert.match(String(line.err), /\n\s+at /, 'the log line has the stack');
    assert.equal((await server.db('blocks').where({ blockerId: user.id })).length, 0);
  });

  test("the log line of a failed query has its SQL but not the values, which are members' data", async () => {
    const { user, password } = await signedInClient(server);
    const pg = isPostgres(server.db);
    if (pg) {
      await server.db.raw(`CREATE OR REPLACE FUNCTION refuse_session() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'session refused by test'; END $$ LANGUAGE plpgsql`);
      await server.db.raw('CREATE TRIGGER refuse_session BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_session()');
    } else {
      await server.db.raw("CREATE TRIGGER refuse_session BEFORE INSERT ON sessions BEGIN SELECT RAISE(ABORT, 'session refused by test'); END");
    }
    let res: Response;
    try {
      res = await new Client(server).postForm('/api/auth/login', { username: user.username, password }, { 'User-Agent': 'Distinctive-Browser/7.7' });
    } finally {
      await server.db.raw(pg ? 'DROP TRIGGER refuse_session ON sessions' : 'DROP TRIGGER refuse_session');
    }
    assert.equal(res.status, 500);
    const { lines } = await errorOf(res);
    assert.equal(lines.length, 1);
    assert.match(String(lines[0].err), /insert into "?`?sessions/i, 'the statement is named');
    assert.match(String(lines[0].err), /session refused by test/);
    assert.doesNotMatch(String(lines[0].err), /Distinctive-Browser|_expire/, 'no bound value is logged');
  });
});
