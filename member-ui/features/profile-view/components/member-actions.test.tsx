import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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

const candidateProfile = buildProfileView({ id: 55, userId: 30, user: { id: 30, fullName: 'Arjun Nair', isVerified: false }, fullName: 'Arjun Nair' });

/** The profile page of profile 55 for member 7, who helps with it as family when `helping` says so. */
function familyServer(helping: Array<{ profileId: number; mayShare: boolean }>) {
  return fakeServer({
    user: buildSessionUser({ id: 7, profileId: null }),
    handle: (request: RecordedRequest) => {
      if (request.url.pathname === '/api/profiles/55') return jsonResponse(200, candidateProfile);
      if (request.url.pathname === '/api/family') {
        const may = (h: { mayShare: boolean }) => ({ edit: false, search: true, like: true, suggest: true, message: false, share: h.mayShare });
        return jsonResponse(200, helping.map((h) => ({ ...h, candidateUserId: candidateProfile.userId, candidateName: 'Arjun', relation: 'mother', consent: 'confirmed', may: may(h) })));
      }
      if (request.url.pathname === '/api/profiles/55/shares') return jsonResponse(200, { shares: [] });
      return undefined;
    },
  });
}

test("the owner's menu offers \"Share profile\", which opens the share dialog", async () => {
  const own = buildProfileView();
  renderApp(
    '/profile/41',
    fakeServer({
      user: buildSessionUser({ id: 7, profileId: 41 }),
      handle: (request: RecordedRequest) => {
        if (request.url.pathname === '/api/profiles/41') return jsonResponse(200, own);
        if (request.url.pathname === '/api/profiles/41/shares') return jsonResponse(200, { shares: [] });
        return undefined;
      },
    }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'More actions' }, { timeout: 20_000 }));
  const share = await screen.findByRole('menuitem', { name: 'Share profile' }, { timeout: 5000 });
  assert.equal(screen.queryByRole('menuitem', { name: 'Report' }), null, 'no reporting oneself');
  fireEvent.click(share);
  assert.ok(await screen.findByRole('dialog', { name: 'Share Profile' }, { timeout: 10_000 }));
  assert.ok(screen.getByText('Anyone with the link can view your profile until it expires or you deactivate it.'));
});

test('family the candidate lets share get "Share profile" in the menu of the profile they help with', async () => {
  renderApp('/profile/55', familyServer([{ profileId: 55, mayShare: true }]));
  await screen.findByRole('heading', { name: /^Arjun Nair/ }, { timeout: 20_000 });
  fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
  const share = await screen.findByRole('menuitem', { name: 'Share profile' }, { timeout: 5000 });
  assert.equal(screen.queryByRole('menuitem', { name: 'Block' }), null, 'not a stranger to them');
  fireEvent.click(share);
  assert.ok(await screen.findByText("Anyone with the link can view Arjun Nair's profile until it expires or you deactivate it.", {}, { timeout: 10_000 }));
});

test('family the candidate does not let share get no share menu (and no report or block either)', async () => {
  const { fetchStub } = renderApp('/profile/55', familyServer([{ profileId: 55, mayShare: false }]));
  await screen.findByRole('heading', { name: /^Arjun Nair/ }, { timeout: 20_000 });
  await waitFor(() => assert.equal(fetchStub.callsTo('GET', '/api/family').length, 1));
  await waitFor(() => assert.equal(screen.queryByRole('button', { name: 'More actions' }), null));
  assert.equal(screen.queryByRole('button', { name: 'Share Profile' }), null);
});
