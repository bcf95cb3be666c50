import '../../test/setup-dom';
import { act, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../test/build-user';
import { jsonResponse } from '../../test/fetch-stub';
import { ROUTE_TITLES } from '../routing/page-titles';
import { memberAppPaths } from '../../test/route-paths';

const { cleanupApp, fakeServer, renderApp } = await import('../../test/render-app');

afterEach(cleanupApp);

const SLOW = { timeout: 20_000 };
const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', profileId: 31, subscriptionTier: 'premium' });

test('every route of the member app has its own screen title', async () => {
  const paths = await memberAppPaths();
  const untitled = [...paths].filter((p) => !ROUTE_TITLES[p]);
  assert.deepEqual(untitled, []);
  assert.equal(new Set(Object.values(ROUTE_TITLES)).size >= paths.size - 2, true, 'titles tell screens apart');
});

test('the title names the screen and the person, and each navigation is announced to screen readers', async () => {
  const server = fakeServer({
    user: member,
    handle: (request) => {
      const path = request.url.pathname;
      if (path === '/api/messages/7/12/peer') {
        return jsonResponse(200, { id: 12, fullName: 'Ananya Iyer', profileId: 44, photo: null, online: false, lastSeenAt: null, canMessage: true, reason: null });
      }
      if (path === '/api/messages/7/12' || path === '/api/messages/7') return jsonResponse(200, []);
      return undefined;
    },
  });
  const { router } = renderApp('/settings', server);
  await waitFor(() => assert.equal(document.title, 'Settings · Saathi'), SLOW);
  const announcer = screen.getByTestId('route-announcer');
  assert.equal(announcer.getAttribute('aria-live'), 'polite');
  assert.equal(announcer.textContent, '', 'the first screen is announced by the page load itself');

  await act(() => router.navigate({ to: '/chat/$id', params: { id: '12' } }));
  await waitFor(() => assert.equal(document.title, 'Chat with Ananya · Saathi'), SLOW);
  await waitFor(() => assert.equal(announcer.textContent, 'Chat with Ananya'));

  await act(() => router.navigate({ to: '/search' }));
  await waitFor(() => assert.equal(document.title, 'Search · Saathi'), SLOW);
  await waitFor(() => assert.equal(announcer.textContent, 'Search'));
});

test('an unknown address is titled "Page not found"', async () => {
  renderApp('/no-such-page', fakeServer({ user: member }));
  await waitFor(() => assert.equal(document.title, 'Page not found · Saathi'), SLOW);
});
