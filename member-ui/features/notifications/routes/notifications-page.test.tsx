import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { NotificationView } from '../../../../contracts/views';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const me = buildSessionUser({ id: 7 });
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function notification(id: number, overrides: Partial<NotificationView>): NotificationView {
  return {
    id,
    userId: me.id,
    type: 'other',
    title: `Notification ${id}`,
    content: null,
    relatedItemId: null,
    sourceId: null,
    sourceType: null,
    isRead: false,
    is_read: false,
    forProfile: null,
    createdAt: ago(MIN),
    ...overrides,
  };
}

function serve(list: NotificationView[], handle?: (method: string, path: string) => Response | undefined) {
  return fakeServer({
    user: me,
    notificationCount: list.filter((n) => !n.isRead).length,
    handle: (request) => {
      const custom = handle?.(request.method, request.url.pathname);
      if (custom) return custom;
      if (request.url.pathname === '/api/notifications/7') return jsonResponse(200, list);
      return undefined;
    },
  });
}

function openTab(name: RegExp | string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

test('cards show title, content, relative time per spec, and "New" + "Mark as read" only when unread', async () => {
  const old = ago(10 * DAY);
  renderApp(
    '/notifications',
    serve([
      notification(1, { type: 'message', title: 'New message from Rohan', content: 'Namaste!', createdAt: ago(5 * MIN), relatedItemId: 22 }),
      notification(2, { type: 'like', title: 'Someone liked you', createdAt: ago(HOUR + 5 * MIN), isRead: true, is_read: true }),
      notification(3, { type: 'match', title: 'It’s a match!', createdAt: ago(3 * HOUR) }),
      notification(4, { type: 'profile_view', title: 'Profile viewed', createdAt: ago(DAY + HOUR), isRead: true, is_read: true }),
      notification(5, { type: 'subscription', title: 'Premium started', createdAt: old, isRead: true, is_read: true }),
    ]),
  );
  assert.ok(await screen.findByRole('heading', { name: 'Your Notifications' }));
  await screen.findByText('New message from Rohan');
  assert.ok(screen.getByText('Namaste!'));
  assert.ok(screen.getByText('5 mins ago'));
  assert.ok(screen.getByText('1 hour ago'));
  assert.ok(screen.getByText('3 hours ago'));
  assert.ok(screen.getByText('1 day ago'));
  assert.ok(screen.getByText(new Date(old).toLocaleDateString()));
  assert.equal(screen.getAllByText('New').length, 2);
  assert.equal(screen.getAllByRole('button', { name: /^Mark as read:/ }).length, 2);
  assert.ok(screen.getByRole('tab', { name: 'Unread 2' }));
  assert.ok(screen.getByRole('button', { name: 'Mark all as read' }));
});

test('the Unread tab lists only unread notifications and says "All caught up!" when none', async () => {
  renderApp(
    '/notifications',
    serve([
      notification(1, { title: 'Unread one' }),
      notification(2, { title: 'Read one', isRead: true, is_read: true }),
    ]),
  );
  await screen.findByText('Unread one');
  openTab(/^Unread/);
  const panel = await screen.findByRole('tabpanel');
  assert.ok(within(panel).getByText('Unread one'));
  assert.equal(within(panel).queryByText('Read one'), null);
  cleanupApp();

  renderApp('/notifications', serve([notification(2, { title: 'Read one', isRead: true, is_read: true })]));
  await screen.findByText('Read one');
  assert.equal(screen.queryByRole('button', { name: 'Mark all as read' }), null);
  openTab('Unread');
  assert.ok(await screen.findByText('All caught up!'));
  assert.ok(screen.getByText("You don't have any unread notifications"));
});

test('no notifications at all shows "No notifications"', async () => {
  renderApp('/notifications', serve([]));
  assert.ok(await screen.findByText('No notifications'));
  assert.ok(screen.getByText("You don't have any notifications at the moment"));
});

test('"Mark as read" patches one notification; a failure toasts the reason', async () => {
  let fail = false;
  const { fetchStub } = renderApp(
    '/notifications',
    serve([notification(9, { title: 'Unread one' })], (method, path) => {
      if (method === 'PATCH' && path === '/api/notifications/9/mark-read') {
        return fail ? jsonResponse(404, { message: 'Notification not found' }) : jsonResponse(200, notification(9, { isRead: true }));
      }
      return undefined;
    }),
  );
  fail = true;
  fireEvent.click(await screen.findByRole('button', { name: 'Mark as read: Unread one' }));
  assert.ok(await screen.findByText('Failed to mark notification as read: Notification not found'));
  assert.equal(fetchStub.callsTo('PATCH', '/api/notifications/9/mark-read').length, 1);
});

test('"Mark all as read" toasts success, or the failure with its reason', async () => {
  let answer = jsonResponse(200, { message: 'All notifications marked as read', updated: 1 });
  const { fetchStub } = renderApp(
    '/notifications',
    serve([notification(1, { title: 'Unread one' })], (method, path) =>
      method === 'PATCH' && path === '/api/notifications/7/mark-all-read' ? answer : undefined,
    ),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
  assert.ok(await screen.findByText('Success'));
  assert.ok(screen.getByText('All notifications marked as read'));
  assert.equal(fetchStub.callsTo('PATCH', '/api/notifications/7/mark-all-read').length, 1);

  answer = jsonResponse(500, { message: 'Database unavailable' });
  fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  assert.ok(await screen.findByText('Failed to mark all notifications as read: Database unavailable'));
});

test('opening a message notification marks it read and goes to the chat with the sender', async () => {
  const { fetchStub, router } = renderApp(
    '/notifications',
    serve([notification(4, { type: 'message', title: 'New message from Rohan', relatedItemId: 22 })], (method, path) =>
      method === 'PATCH' && path === '/api/notifications/4/mark-read' ? jsonResponse(200, {}) : undefined,
    ),
  );
  fireEvent.click(await screen.findByRole('button', { name: /^New message from Rohan/ }));
  await waitFor(() => assert.equal(router.state.location.pathname, '/chat/22'));
  assert.equal(fetchStub.callsTo('PATCH', '/api/notifications/4/mark-read').length, 1);
});

test("a helper's copy about a candidate says whose it is, and opens in helper mode for that candidate", async () => {
  const helped = (profileId: number, candidateUserId: number, name: string) => ({
    profileId,
    candidateUserId,
    candidateTier: 'premium',
    candidateName: name,
    relation: 'father',
    consent: 'confirmed',
    mayShare: true,
    may: { edit: true, search: true, like: true, suggest: true, shortlist: true, message: true, share: true },
  });
  const { router } = renderApp(
    '/notifications',
    fakeServer({
      user: buildSessionUser({ id: 7, fullName: 'Ramesh Shah', profileId: null }),
      notificationCount: 2,
      handle: (request) => {
        const path = request.url.pathname;
        // Ramesh helps Rohan (first, so worked on by default) and Priya.
        if (path === '/api/family') return jsonResponse(200, [helped(41, 31, 'Rohan'), helped(40, 30, 'Priya')]);
        if (path === '/api/notifications/7') {
          return jsonResponse(200, [
            notification(1, { type: 'match', title: 'Priya has a new match', content: 'Priya and Arjun like each other', relatedItemId: 55, forProfile: { profileId: 40, name: 'Priya' } }),
            notification(2, { type: 'other', title: 'Your payment went through' }),
          ]);
        }
        return undefined;
      },
    }),
  );
  const card = (await screen.findByText('Priya has a new match')).closest('li') as HTMLElement;
  assert.ok(within(card).getByText('For Priya'), 'labelled with the candidate');
  const own = screen.getByText('Your payment went through').closest('li') as HTMLElement;
  assert.equal(within(own).queryByText(/^For /), null, "the helper's own stays unlabelled");
  await screen.findByRole('combobox', { name: 'Acting for' });
  assert.equal((screen.getByRole('combobox', { name: 'Acting for' }) as HTMLSelectElement).value, '41');
  fireEvent.click(within(card).getByRole('button', { name: /^For Priya Priya has a new match/ }));
  await waitFor(() => assert.equal(router.state.location.pathname, '/profile/55'));
  await waitFor(() => assert.equal((screen.getByRole('combobox', { name: 'Acting for' }) as HTMLSelectElement).value, '40'));
});
