import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type TestServer, startTestServer } from '../test/harness';
import { signedInClient } from '../test/factories';
import { NUL_MESSAGE } from './nul-guard';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('NUL characters in a path, a query or a body are refused with 400 on every database, and nothing is stored', async () => {
  const a = await signedInClient(server, { tier: 'premium' });
  const b = await signedInClient(server);
  const cases: Array<[string, () => Promise<Response>]> = [
    ['path', () => a.client.post('/api/payments/demo/%00/confirm', {})],
    ['query', () => a.client.get('/api/search?query=ab%00cd')],
    ['body', () => a.client.post('/api/messages', { receiverId: b.user.id, content: 'hello\u0000there' })],
    ['body key', () => a.client.post('/api/messages', { receiverId: b.user.id, content: 'hi', ['x\u0000']: 1 })],
  ];
  for (const [where, send] of cases) {
    const res = await send();
    assert.equal(res.status, 400, `${where}: ${await res.clone().text()}`);
    assert.equal(((await res.json()) as { message: string }).message, NUL_MESSAGE, where);
  }
  assert.equal((await server.db('messages').where({ senderId: a.user.id })).length, 0);
});
