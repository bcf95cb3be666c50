import '../../test/setup-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { SubscriptionTier } from '../../../contracts/enums';
import { buildProfileCard } from '../../test/build-profile-card';
import { type FetchStub, jsonResponse, stubFetch } from '../../test/fetch-stub';

const { createMemoryHistory, createRootRoute, createRouter, RouterProvider } = await import('@tanstack/react-router');
const { WhoLikedYouPanel } = await import('./who-liked-you-panel');
const { createAppQueryClient } = await import('../../lib/query-client');

let fetchStub: FetchStub | null = null;
afterEach(() => {
  fetchStub?.restore();
  fetchStub = null;
  cleanup();
});

/** The panel as a host screen mounts it (it has no route of its own). */
function renderPanel(tier: SubscriptionTier, answer: () => Response) {
  fetchStub = stubFetch(answer);
  const queryClient = createAppQueryClient();
  const rootRoute = createRootRoute({ component: () => <WhoLikedYouPanel userId={7} tier={tier} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/profile'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetchStub;
}

test('a tryme member sees the locked state with an upgrade link and nothing is requested', async () => {
  const stub = renderPanel('tryme', () => jsonResponse(200, []));
  assert.ok(await screen.findByRole('heading', { name: 'Who Liked You' }));
  assert.ok(screen.getByText('See who liked your profile'));
  assert.equal(screen.getByRole('link', { name: /Upgrade to see who liked you/ }).getAttribute('href'), '/subscription');
  assert.equal(stub.calls.length, 0);
});

test('a 403 upgradeRequired answer also shows the locked state', async () => {
  renderPanel('premium', () => jsonResponse(403, { message: 'See who liked you with Premium or Elite.', upgradeRequired: true }));
  assert.ok(await screen.findByText('See who liked your profile'));
  assert.equal(screen.getByRole('link', { name: /Upgrade to see who liked you/ }).getAttribute('href'), '/subscription');
});

test('premium members see who liked them: photo or initial, name, age, location and View Profile', async () => {
  const stub = renderPanel('premium', () =>
    jsonResponse(200, [
      buildProfileCard({ id: 41, fullName: 'Ananya Iyer', age: 29, location: 'Toronto, Canada' }),
      buildProfileCard({ id: 42, fullName: 'Rohan Mehta', age: 33, location: null, city: 'London', country: 'United Kingdom', photos: [] }),
    ]),
  );
  const list = await screen.findByRole('list', { name: 'Members who liked your profile' });
  assert.equal(stub.callsTo('GET', '/api/profile-likes/7/received').length, 1);
  const items = within(list).getAllByRole('listitem');
  assert.equal(items.length, 2);

  const first = within(items[0] as HTMLElement);
  assert.match(items[0]?.textContent ?? '', /Ananya Iyer, 29/);
  assert.ok(first.getByText('Toronto, Canada'));
  assert.equal(first.getByRole('img').getAttribute('src'), '/media/photos/41-thumb.jpg');
  assert.equal(first.getByRole('link', { name: 'View Profile of Ananya Iyer' }).getAttribute('href'), '/profile/41');

  const second = within(items[1] as HTMLElement);
  assert.ok(second.getByText('London, United Kingdom'));
  assert.equal(second.getByRole('img', { name: 'Rohan Mehta, no photo' }).textContent, 'R');
  assert.equal(second.getByRole('link', { name: 'View Profile of Rohan Mehta' }).getAttribute('href'), '/profile/42');
  assert.equal(document.querySelector('.who-liked__count')?.textContent, '2 members');
});

test('no likes yet reads as an empty state; a failure offers Try Again', async () => {
  renderPanel('elite', () => jsonResponse(200, []));
  assert.ok(await screen.findByText(/No likes yet/));
  cleanup();
  fetchStub?.restore();
  renderPanel('elite', () => jsonResponse(500, { message: 'boom' }));
  assert.ok(await screen.findByText('Failed to fetch who liked you'));
  assert.ok(screen.getByRole('button', { name: 'Try Again' }));
});
