import '../../../test/setup-dom';
import { screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildProfileView } from '../../../components/profile/build-profile-view';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';

const { renderApp, fakeServer, cleanupApp } = await import('../../../test/render-app');

afterEach(() => {
  cleanupApp();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

const MAIN = '/media/photos/main.jpg';
const other = buildProfileView({
  id: 55,
  userId: 30,
  user: { id: 30, fullName: 'Arjun Nair', isVerified: false },
  fullName: 'Arjun Nair',
  photos: [MAIN, '/media/photos/second.jpg'],
  photoDetails: [
    { id: 1, url: MAIN, thumbnailUrl: '/media/photos/main_thumb.jpg', blurred: false },
    { id: 2, url: '/media/photos/second.jpg', thumbnailUrl: '/media/photos/second_thumb.jpg', blurred: false },
  ],
});

test('the profile screen starts downloading the main photo, its largest paint, as soon as the profile has arrived', async () => {
  renderApp(
    '/profile/55',
    fakeServer({
      user: buildSessionUser({ id: 7, profileId: 41 }),
      handle: (request: RecordedRequest) => (request.url.pathname === '/api/profiles/55' ? jsonResponse(200, other) : undefined),
    }),
  );
  const photo = await screen.findByRole('img', { name: 'Arjun Nair, 1 of 2' }, { timeout: 20_000 });
  assert.equal(photo.getAttribute('src'), MAIN);
  const preloads = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
  assert.deepEqual(preloads.map((link) => link.getAttribute('href')), [MAIN]);
  assert.equal(preloads[0].getAttribute('fetchpriority'), 'high');
});
