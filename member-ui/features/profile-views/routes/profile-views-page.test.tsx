import '../../../test/setup-dom';
import { screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { ProfileViewersView } from '../../../../contracts/profile-views';
import { buildProfileCard } from '../../../test/build-profile-card';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(() => cleanupApp());

function viewersServer(tier: 'tryme' | 'premium', body: ProfileViewersView) {
  return fakeServer({
    user: buildSessionUser({ id: 7, profileId: 70, subscriptionTier: tier }),
    handle: (r) => (r.url.pathname === '/api/profile-views/7' ? jsonResponse(200, body) : undefined),
  });
}

test('a premium member sees who viewed them, newest first, each with a link to their profile', async () => {
  renderApp(
    '/profile-views',
    viewersServer('premium', {
      count: 2,
      upgradeRequired: false,
      viewers: [
        { ...buildProfileCard({ id: 51, fullName: 'Rohan Kapoor', matchPercentage: 88 }), viewedAt: '2026-12-06T09:00:00.000Z' },
        { ...buildProfileCard({ id: 52, fullName: 'Dev Malhotra' }), viewedAt: '2026-12-01T09:00:00.000Z' },
      ],
    }),
  );
  const list = await screen.findByRole('list', { name: 'Members who viewed your profile' });
  const names = within(list).getAllByRole('heading').map((h) => h.textContent?.split(',')[0]);
  assert.deepEqual(names, ['Rohan Kapoor', 'Dev Malhotra']);
  assert.ok(screen.getByText('2 members viewed your profile, newest first'));
  assert.equal(screen.getByRole('link', { name: 'View Profile of Rohan Kapoor' }).getAttribute('href'), '/profile/51');
  assert.ok(within(list).getByText('88% Match'));
  assert.equal(screen.queryByRole('link', { name: 'Upgrade' }), null);
});

test('a free member sees how many viewed them and an upgrade prompt, never who', async () => {
  renderApp('/profile-views', viewersServer('tryme', { count: 3, viewers: null, upgradeRequired: true }));
  assert.ok(await screen.findByRole('heading', { name: '3 members viewed your profile' }));
  assert.ok(screen.getByText('See who they are, and open their profiles, with Premium or Elite.'));
  assert.equal(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href'), '/subscription');
  assert.equal(screen.queryByRole('list', { name: 'Members who viewed your profile' }), null);
});

test('no views yet, and a failed load, each say so', async () => {
  renderApp('/profile-views', viewersServer('premium', { count: 0, viewers: [], upgradeRequired: false }));
  assert.ok(await screen.findByRole('heading', { name: 'No views yet' }));
  cleanupApp();
  renderApp(
    '/profile-views',
    fakeServer({ user: buildSessionUser({ id: 7 }), handle: (r) => (r.url.pathname === '/api/profile-views/7' ? jsonResponse(500, { message: 'boom' }) : undefined) }),
  );
  assert.ok(await screen.findByText(/Could not load who viewed you/));
});

test("the profile's account menu leads to the shortlist and to who viewed me", async () => {
  renderApp(
    '/profile',
    fakeServer({
      user: buildSessionUser({ id: 7, profileId: 70 }),
      handle: (r) => (r.url.pathname === '/api/profiles/user/7' ? jsonResponse(200, { ...buildProfileCard({ id: 70, userId: 7 }), photoDetails: [] }) : undefined),
    }),
  );
  const menu = await screen.findByRole('navigation', { name: 'Account' });
  assert.equal((await within(menu).findByRole('link', { name: /Who viewed me/ })).getAttribute('href'), '/profile-views');
  assert.equal(within(menu).getByRole('link', { name: /Shortlist/ }).getAttribute('href'), '/shortlist');
});
