import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, test } from 'node:test';
import { type TestServer, startTestServer } from './test/harness';
import { buildUser } from './test/factories';
import { withoutErrorId } from './test/error-bodies';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const post = (headers: Record<string, string>, body: Buffer | string) =>
  fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { Accept: 'application/json', Origin: server.origin, ...headers }, body: typeof body === 'string' ? body : new Uint8Array(body) });

test('a body that claims gzip, deflate or br but is not is a 400, never a 500; an unknown encoding is a 415', async () => {
  for (const encoding of ['gzip', 'deflate', 'br']) {
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
      const res = await post({ 'Content-Type': type, 'Content-Encoding': encoding }, 'this is not compressed');
      assert.equal(res.status, 400, `${encoding} ${type}`);
      assert.deepEqual(withoutErrorId(await res.json()), { message: 'The request body could not be decompressed', code: 'bad_request' });
    }
  }
  for (const encoding of ['compress', 'zstd', 'x-unknown']) {
    const res = await post({ 'Content-Type': 'application/json', 'Content-Encoding': encoding }, '{}');
    assert.equal(res.status, 415, encoding);
    assert.match(((await res.json()) as { message: string }).message, /^Unsupported Content-Encoding/);
  }
  const malformed = await post({ 'Content-Type': 'application/json' }, '{"username": ');
  assert.equal(malformed.status, 400);
  assert.deepEqual(withoutErrorId(await malformed.json()), { message: 'Malformed request body', code: 'bad_request' });
  assert.equal(server.logs.filter((l) => l.level === 'error').length, 0, 'nothing logged as a server failure');
});

test('a real gzip or br body is read', async () => {
  const { user, password } = await buildUser(server);
  const json = JSON.stringify({ username: user.username, password });
  for (const [encoding, body] of [['gzip', zlib.gzipSync(json)], ['br', zlib.brotliCompressSync(json)]] as const) {
    const res = await post({ 'Content-Type': 'application/json', 'Content-Encoding': encoding }, body);
    assert.equal(res.status, 200, encoding);
  }
});
