import '../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../test/build-user';
import { deferred, jsonResponse } from '../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../test/render-app');

afterEach(cleanupApp);

const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma' });

async function bottomNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

test('signed-in members see the header controls and the six tabs', async () => {
  renderApp('/', fakeServer({ user: member }));
  assert.ok(await screen.findByRole('heading', { name: 'Welcome, Priya!' }));
  assert.equal(screen.getByRole('link', { name: 'Kundali' }).getAttribute('href'), '/compatibility');
  assert.equal(screen.getByRole('link', { name: 'Mood Tracking' }).getAttribute('href'), '/mood-tracking');
  const avatar = screen.getByRole('link', { name: 'My profile (Priya Sharma)' });
  assert.equal(avatar.textContent, 'P');
  assert.equal(avatar.getAttribute('href'), '/profile');
  assert.equal(screen.queryByRole('link', { name: 'Login' }), null);

  const nav = await bottomNav();
  const tabs = nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
  assert.deepEqual(tabs, [
    ['Home', '/'],
    ['Search', '/search'],
    ['Match', '/liked-profiles'],
    ['Mood', '/mood-tracking'],
    ['Messages', '/messages'],
    ['Profile', '/profile'],
  ]);
  assert.equal(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current'), 'page');
});

test('visitors get a Login button and no bottom navigation', async () => {
  renderApp('/help');
  assert.ok(await screen.findByRole('heading', { name: 'Help & Support' }));
  assert.equal(screen.getByRole('link', { name: 'Login' }).getAttribute('href'), '/login');
  assert.equal(screen.queryByRole('navigation', { name: 'Main' }), null);
});

test('the Messages badge is hidden at 0 unread messages', async () => {
  const { fetchStub } = renderApp('/', fakeServer({ user: member, unreadMessages: 0 }));
  const nav = await bottomNav();
  await waitFor(() => assert.equal(fetchStub.callsTo('GET', '/api/messages/7/unread-count').length, 1));
  assert.equal(nav.getByRole('link', { name: /Messages/ }).textContent, 'Messages');
  assert.equal(nav.queryByLabelText(/unread messages/), null);
});

test('the Messages badge shows the real unread count', async () => {
  renderApp('/', fakeServer({ user: member, unreadMessages: 4 }));
  const nav = await bottomNav();
  const badge = await nav.findByLabelText('4 unread messages');
  assert.equal(badge.textContent, '4');
});

test('Messages is the active tab on chat paths', async () => {
  renderApp('/chat/12', fakeServer({ user: member }));
  const nav = await bottomNav();
  await waitFor(() => assert.equal(nav.getByRole('link', { name: /Messages/ }).getAttribute('aria-current'), 'page'));
  assert.equal(nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current'), null);
});

test('the notification bell shows "9+" above 9 unread', async () => {
  renderApp('/', fakeServer({ user: member, notificationCount: 12 }));
  const badge = await screen.findByLabelText('12 unread notifications');
  assert.equal(badge.textContent, '9+');
});

test('opening the bell loads the list and links to all notifications', async () => {
  const { fetchStub } = renderApp(
    '/',
    fakeServer({
      user: member,
      notificationCount: 1,
      handle: (request) =>
        request.url.pathname === '/api/notifications/7'
          ? jsonResponse(200, [
              {
                id: 1,
                type: 'like',
                title: 'New like',
                content: 'Arjun liked your profile',
                isRead: false,
                createdAt: new Date().toISOString(),
                relatedItemId: 3,
              },
            ])
          : undefined,
    }),
  );
  const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  assert.equal(fetchStub.callsTo('GET', '/api/notifications/7').length, 0, 'list not fetched while closed');
  fireEvent.click(bell);
  assert.ok(await screen.findByText('Arjun liked your profile'));
  assert.equal(screen.getByRole('link', { name: 'View all notifications' }).getAttribute('href'), '/notifications');
});

test('a spinner shows while the session loads', async () => {
  const session = deferred<Response>();
  renderApp(
    '/search',
    fakeServer({ handle: (request) => (request.url.pathname === '/api/auth/user' ? session.promise : undefined) }),
  );
  assert.ok(await screen.findByRole('status'));
  session.resolve(jsonResponse(200, member));
  assert.ok(await screen.findByRole('heading', { name: 'Search' }));
});

test('a members-only page has its tab bar, and no Login button, from the first frame while the session loads', async () => {
  const session = deferred<Response>();
  renderApp(
    '/search',
    fakeServer({ handle: (request) => (request.url.pathname === '/api/auth/user' ? session.promise : undefined) }),
  );
  assert.ok(await screen.findByRole('status'));
  // Drawn without them and redrawn when the session arrived, the page's content moved (a layout shift).
  const nav = await bottomNav();
  assert.equal(nav.getAllByRole('link').length, 6);
  assert.equal(screen.queryByRole('link', { name: 'Login' }), null);
  session.resolve(jsonResponse(200, member));
  assert.ok(await screen.findByRole('heading', { name: 'Search' }));
  assert.ok(screen.getByRole('link', { name: 'My profile (Priya Sharma)' }));
});

test('logging out clears the session and goes to /login', async () => {
  const { router } = renderApp(
    '/profile',
    fakeServer({
      user: member,
      handle: (request) =>
        request.url.pathname === '/api/auth/logout' ? jsonResponse(200, { message: 'Logged out' }) : undefined,
    }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
  assert.ok(await screen.findByRole('heading', { name: 'Welcome Back' }));
  assert.equal(router.state.location.pathname, '/login');
  assert.equal(router.state.location.search.redirectTo, undefined);
  assert.equal(screen.queryByRole('navigation', { name: 'Main' }), null);
});

test('/edit-profile redirects to /profile', async () => {
  const { router } = renderApp('/edit-profile', fakeServer({ user: member }));
  assert.ok(await screen.findByRole('heading', { name: 'My profile' }));
  assert.equal(router.state.location.pathname, '/profile');
});
