import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { examplePath, isMemberAppRoute, PROTECTED_ROUTES, PUBLIC_ROUTES } from '../../../contracts/routes';
import { memberAppPaths } from '../../test/route-paths';

test('the server serves every screen of the member app with 200: a link from an email or a reload is not a 404', async () => {
  const paths = await memberAppPaths();
  const notServed = [...paths].filter((p) => !isMemberAppRoute(examplePath(p)));
  assert.deepEqual(notServed, []);
});

test("the server's route list names no screen the app does not have", async () => {
  const paths = await memberAppPaths();
  const unknown = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES].filter((r) => !paths.has(r));
  assert.deepEqual(unknown, []);
});

test('a path with a parameter of the wrong kind is not a screen (the app shows its not-found screen with a 404)', () => {
  assert.equal(isMemberAppRoute('/family/42/chat/42'), true);
  assert.equal(isMemberAppRoute('/family/abc/chat/42'), false);
  assert.equal(isMemberAppRoute('/family/42/chat/'), false);
});
