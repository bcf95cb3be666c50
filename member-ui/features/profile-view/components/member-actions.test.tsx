import '../../../test/setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import path from 'node:path';
import { afterEach, test } from 'node:test';
import { buildProfileView } from '../../../components/profile/build-profile-view';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';
import { startUpInputs } from '../../../test/start-up-inputs';

const { renderApp, fakeServer, cleanupApp } = await import('../../../test/render-app');

afterEach(() => cleanupApp());

test("the profile screen's code holds no menu: the \"…\" menu and its dialogs are fetched when wanted", async () => {
  const { startUp, apart } = await startUpInputs(path.join(import.meta.dirname, '../routes/profile-view-page.tsx'));
  const menuCode = (input: string) => /@radix-ui\/react-(menu|dropdown-menu|dialog)\/|member-actions-menu/.test(input);
  assert.deepEqual(startUp.filter(menuCode), []);
  assert.ok(apart.some((input) => input.includes('member-actions-menu')));
});

test('pressing "More actions" opens the menu with Report and Block', async () => {
  const other = buildProfileView({ id: 55, userId: 30, user: { id: 30, fullName: 'Arjun Nair', isVerified: false }, fullName: 'Arjun Nair' });
  renderApp(
    '/profile/55',
    fakeServer({
      user: buildSessionUser({ id: 7, profileId: 41 }),
      handle: (request: RecordedRequest) => (request.url.pathname === '/api/profiles/55' ? jsonResponse(200, other) : undefined),
    }),
  );
  const button = await screen.findByRole('button', { name: 'More actions' }, { timeout: 20_000 });
  assert.equal(button.getAttribute('aria-expanded'), 'false');
  fireEvent.click(button);
  assert.ok(await screen.findByRole('menuitem', { name: 'Report' }, { timeout: 5000 }));
  assert.ok(screen.getByRole('menuitem', { name: 'Block' }));
  assert.equal(screen.getByRole('button', { name: 'More actions' }).getAttribute('aria-expanded'), 'true');
});
