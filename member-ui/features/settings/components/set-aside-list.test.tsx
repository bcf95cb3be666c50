import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { PrivacySettingsView, ProfileCardView } from '../../../../contracts/views';
import { buildProfileCard } from '../../../test/build-profile-card';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const PRIVACY: PrivacySettingsView = {
  profileVisibility: 'all',
  showOnlineStatus: true,
  showLastSeen: true,
  showPhoneNumber: false,
  showEmail: false,
  allowProfileScreenshots: false,
  blurPhotos: false,
  allowMessagesFrom: 'all',
  shareMoods: false,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** A fake API holding the member's marks, answering the list and DELETE as the server does. */
function marksServer(initial: ProfileCardView[], failDelete = false) {
  const marks = [...initial];
  const server = fakeServer({
    user: buildSessionUser({ id: 7 }),
    handle: (request) => {
      const path = request.url.pathname;
      if (path === '/api/users/7/privacy-settings') return jsonResponse(200, PRIVACY);
      if (path === '/api/not-interested' && request.method === 'GET') return jsonResponse(200, marks);
      const undo = /^\/api\/not-interested\/(\d+)$/.exec(path);
      if (undo && request.method === 'DELETE') {
        if (failDelete) return jsonResponse(503, { message: 'The service is busy: try again in a moment.' });
        const at = marks.findIndex((card) => card.id === Number(undo[1]));
        if (at >= 0) marks.splice(at, 1);
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
  });
  return { server, marks };
}

const setAsideSection = async () =>
  within((await screen.findByRole('heading', { name: 'Profiles you set aside' })).closest('section') as HTMLElement);

test('Settings → Privacy lists the profiles set aside; Undo brings one back and leaves the others', async () => {
  const { server, marks } = marksServer([
    buildProfileCard({ id: 61, fullName: 'Tara Menon', age: 31 }),
    buildProfileCard({ id: 62, fullName: 'Zoya Khan', age: 28 }),
  ]);
  const { fetchStub } = renderApp('/settings', server);
  const section = await setAsideSection();
  assert.ok(await section.findByRole('link', { name: 'Tara Menon, 31' }));
  assert.equal(section.getByRole('link', { name: 'Zoya Khan, 28' }).getAttribute('href'), '/profile/62');

  fireEvent.click(section.getByRole('button', { name: 'Undo not interested for Tara Menon' }));
  assert.ok(await screen.findByText('Tara Menon is back in your matches'));
  await waitFor(() => assert.ok(!section.queryByRole('link', { name: 'Tara Menon, 31' }), 'Tara is still listed'));
  assert.ok(section.getByRole('link', { name: 'Zoya Khan, 28' }));
  assert.deepEqual(marks.map((card) => card.id), [62]);
  assert.equal(fetchStub.callsTo('DELETE', '/api/not-interested/61').length, 1);
});

test('with nobody set aside the section says so', async () => {
  renderApp('/settings', marksServer([]).server);
  const section = await setAsideSection();
  assert.ok(await section.findByText('You have not set anyone aside.'));
});
