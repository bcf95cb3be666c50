import '../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { jsonResponse, stubFetch, textResponse, type FetchStub } from '../test/fetch-stub';
import { api, ApiError } from './api-client';

let fetchStub: FetchStub | null = null;
afterEach(() => fetchStub?.restore());

test('a non-OK response throws "{status}: {body}"', async () => {
  fetchStub = stubFetch(() => textResponse(401, 'body', 'Unauthorized'));
  await assert.rejects(api.get('/api/auth/user'), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, '401: body');
    assert.equal(error.status, 401);
    return true;
  });
});

test('an empty error body falls back to the status text', async () => {
  fetchStub = stubFetch(() => textResponse(404, '', 'Not Found'));
  await assert.rejects(api.get('/api/nothing'), { message: '404: Not Found' });
});

test('a JSON error body keeps its text in the message and exposes its message field', async () => {
  fetchStub = stubFetch(() => jsonResponse(409, { message: 'Username already exists', field: 'username' }));
  await assert.rejects(api.post('/api/auth/register'), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.message, '409: {"message":"Username already exists","field":"username"}');
    assert.equal(error.serverMessage, 'Username already exists');
    assert.equal(error.field, 'username');
    return true;
  });
});

test('a server failure (5xx) adds the short reference of its errorId to the message; a 4xx does not', async () => {
  const errorId = '3f2a9c1e-5b7d-4e21-9a0c-12ab34cd56ef';
  fetchStub = stubFetch(() => jsonResponse(500, { message: 'Something went wrong. Please try again later.', code: 'internal_error', errorId }));
  await assert.rejects(api.get('/api/matches/featured'), (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.errorId, errorId);
    assert.equal(error.serverMessage, 'Something went wrong. Please try again later. Reference: 3f2a9c1e');
    return true;
  });
  fetchStub.restore();
  fetchStub = stubFetch(() => jsonResponse(404, { message: 'Profile not found', code: 'not_found', errorId }));
  await assert.rejects(api.get('/api/profiles/9'), (error: unknown) => error instanceof ApiError && error.serverMessage === 'Profile not found');
});

test('requests include credentials, ask for JSON, and are not retried', async () => {
  fetchStub = stubFetch(() => textResponse(503, 'down', 'Service Unavailable'));
  await assert.rejects(api.get('/api/matches/featured'), { message: '503: down' });
  assert.equal(fetchStub.calls.length, 1, 'no retry');
  const [call] = fetchStub.calls;
  assert.equal(call?.credentials, 'include');
  assert.equal(call?.headers.get('accept'), 'application/json');
  assert.equal(call?.url.pathname, '/api/matches/featured');
});

test('a successful JSON response is parsed', async () => {
  fetchStub = stubFetch(() => jsonResponse(200, { count: 3 }));
  assert.deepEqual(await api.get<{ count: number }>('/api/notifications/1/count'), { count: 3 });
});
