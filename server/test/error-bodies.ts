import assert from 'node:assert/strict';

const REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An error body without its `errorId`, which must be there (a request id). Every request has its own id, so two
 * answers that must look alike are compared on the rest.
 */
export function withoutErrorId(body: unknown): Record<string, unknown> {
  assert.ok(body !== null && typeof body === 'object' && !Array.isArray(body), `an error body is a JSON object: ${JSON.stringify(body)}`);
  const { errorId, ...rest } = body as Record<string, unknown>;
  assert.match(String(errorId), REQUEST_ID, `the error body names its occurrence (errorId): ${JSON.stringify(body)}`);
  return rest;
}

/**
 * Two error answers a client cannot tell apart: the same status and, once each request's own errorId is taken out,
 * byte for byte the same body. The two ids differ (and each is the response's X-Request-Id).
 */
export async function assertSameErrorAnswer(a: Response, b: Response, message = 'the two answers differ'): Promise<void> {
  const [textA, textB] = [await a.text(), await b.text()];
  assert.equal(a.status, b.status, message);
  const idA = String(JSON.parse(textA).errorId);
  const idB = String(JSON.parse(textB).errorId);
  withoutErrorId(JSON.parse(textA));
  withoutErrorId(JSON.parse(textB));
  assert.equal(textA.replace(idA, ''), textB.replace(idB, ''), message);
  assert.notEqual(idA, idB, 'each request has its own errorId');
  assert.deepEqual([a.headers.get('x-request-id'), b.headers.get('x-request-id')], [idA, idB], 'the errorId is the X-Request-Id');
}
