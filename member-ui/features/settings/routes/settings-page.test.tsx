import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { NotificationSettingsView, PrivacySettingsView } from '../../../../contracts/views';
import { buildSessionUser } from '../../../test/build-user';
import { deferred, jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const me = buildSessionUser({ id: 7 });

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

const NOTIFICATIONS: NotificationSettingsView = {
  newMatches: true,
  newMessages: true,
  profileViews: true,
  appUpdates: false,
  emailNotifications: true,
  pushNotifications: true,
  pushMessageText: false,
  savedSearchEmails: true,
  digestFrequency: 'daily',
  emailBounce: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

type Handler = (method: string, path: string, body: string) => Response | undefined;

function serve(handle?: Handler) {
  return fakeServer({
    user: me,
    handle: (request) => {
      const custom = handle?.(request.method, request.url.pathname, request.body);
      if (custom) return custom;
      if (request.url.pathname === '/api/users/7/privacy-settings') return jsonResponse(200, PRIVACY);
      if (request.url.pathname === '/api/users/7/notification-settings') return jsonResponse(200, NOTIFICATIONS);
      if (request.url.pathname === '/api/users/7/2fa') return jsonResponse(200, { totpEnabled: false });
      return undefined;
    },
  });
}

function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

test('a privacy switch saves the full settings object at once', async () => {
  const answer = deferred<Response>();
  const { fetchStub } = renderApp(
    '/settings',
    fakeServer({
      user: me,
      handle: (request) => {
        if (request.method === 'PATCH' && request.url.pathname === '/api/users/7/privacy-settings') return answer.promise;
        if (request.url.pathname === '/api/users/7/privacy-settings') return jsonResponse(200, PRIVACY);
        return undefined;
      },
    }),
  );
  assert.ok(await screen.findByRole('heading', { name: 'Account Settings' }));
  const blur = await screen.findByRole('switch', { name: 'Blur photos' });
  assert.equal(blur.getAttribute('aria-checked'), 'false');
  assert.equal(screen.getByRole('switch', { name: 'Share my moods for matching' }).getAttribute('aria-checked'), 'false', 'mood sharing is a privacy setting too');
  fireEvent.click(blur);
  await waitFor(() => assert.equal(blur.getAttribute('aria-checked'), 'true', 'shown before the server answers'));
  answer.resolve(jsonResponse(200, { message: 'Privacy settings updated', settings: { ...PRIVACY, blurPhotos: true } }));
  assert.ok(await screen.findByText('Privacy settings updated'));
  const [call] = fetchStub.callsTo('PATCH', '/api/users/7/privacy-settings');
  const { updatedAt: _updatedAt, ...expected } = PRIVACY;
  assert.deepEqual(JSON.parse(call?.body ?? '{}'), { ...expected, blurPhotos: true });
});

test('"Who can message me" offers everyone, matches or no one', async () => {
  const { fetchStub } = renderApp(
    '/settings',
    serve((method, path, body) =>
      method === 'PATCH' && path === '/api/users/7/privacy-settings'
        ? jsonResponse(200, { message: 'ok', settings: { ...PRIVACY, ...JSON.parse(body) } })
        : undefined,
    ),
  );
  const group = await screen.findByRole('group', { name: 'Who can message me' });
  fireEvent.click(within(group).getByRole('radio', { name: 'No one' }));
  await waitFor(() => assert.equal(fetchStub.callsTo('PATCH', '/api/users/7/privacy-settings').length, 1));
  assert.equal(JSON.parse(fetchStub.callsTo('PATCH', '/api/users/7/privacy-settings')[0]?.body ?? '{}').allowMessagesFrom, 'none');
});

test('a failed privacy change toasts the error and restores the server value', async () => {
  const { fetchStub } = renderApp(
    '/settings',
    serve((method, path) =>
      method === 'PATCH' && path === '/api/users/7/privacy-settings' ? jsonResponse(500, {}) : undefined,
    ),
  );
  const online = await screen.findByRole('switch', { name: 'Show online status' });
  fireEvent.click(online);
  assert.ok(await screen.findByText('Failed to update privacy settings'));
  await waitFor(() => assert.equal(online.getAttribute('aria-checked'), 'true'));
  assert.ok(fetchStub.callsTo('GET', '/api/users/7/privacy-settings').length >= 2, 'refetched');
});

test('the Notifications tab groups switches under App Notifications and Delivery Methods', async () => {
  const { fetchStub } = renderApp(
    '/settings',
    serve((method, path, body) =>
      method === 'PATCH' && path === '/api/users/7/notification-settings'
        ? jsonResponse(200, { message: 'ok', settings: { ...NOTIFICATIONS, ...JSON.parse(body) } })
        : undefined,
    ),
  );
  await screen.findByRole('heading', { name: 'Account Settings' });
  openTab('Notifications');
  assert.ok(await screen.findByRole('button', { name: 'App Notifications' }));
  assert.ok(screen.getByRole('button', { name: 'Delivery Methods' }));
  const updates = await screen.findByRole('switch', { name: 'App updates' });
  fireEvent.click(updates);
  assert.ok(await screen.findByText('Notification settings updated'));
  const { updatedAt: _updatedAt, emailBounce: _emailBounce, ...expected } = NOTIFICATIONS;
  assert.deepEqual(JSON.parse(fetchStub.callsTo('PATCH', '/api/users/7/notification-settings')[0]?.body ?? '{}'), {
    ...expected,
    appUpdates: true,
  });
});

test('a bounced address is shown with what the mail server said, and the member can ask for emails again', async () => {
  let bounce: NotificationSettingsView['emailBounce'] = { address: 'asha@old-company.example', at: '2026-11-20T08:00:00.000Z', reason: '550 5.1.1 No such user here' };
  const { fetchStub } = renderApp(
    '/settings',
    serve((method, path) => {
      if (method === 'GET' && path === '/api/users/7/notification-settings') return jsonResponse(200, { ...NOTIFICATIONS, emailBounce: bounce });
      if (method === 'DELETE' && path === '/api/users/7/email-bounce') {
        bounce = null;
        return jsonResponse(200, { message: 'Emails will be sent to your address again' });
      }
      return undefined;
    }),
  );
  await screen.findByRole('heading', { name: 'Account Settings' });
  openTab('Notifications');
  const alert = await screen.findByRole('alert');
  assert.match(alert.textContent ?? '', /We cannot email you/);
  assert.match(alert.textContent ?? '', /asha@old-company\.example/);
  assert.match(alert.textContent ?? '', /550 5\.1\.1 No such user here/);
  fireEvent.click(screen.getByRole('button', { name: 'My mailbox works again: send emails' }));
  assert.ok(await screen.findByText('Emails will be sent to your address again'));
  assert.equal(fetchStub.callsTo('DELETE', '/api/users/7/email-bounce').length, 1);
  await waitFor(() => assert.equal(screen.queryByText('We cannot email you'), null));
});

test('the devices with notifications on are listed under the switch, and one can be removed', async () => {
  let devices = [
    { id: 3, service: 'fcm.googleapis.com', userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', createdAt: '2026-11-01T08:00:00.000Z', lastSuccessAt: null },
    { id: 4, service: 'web.push.apple.com', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', createdAt: '2026-11-02T08:00:00.000Z', lastSuccessAt: '2026-11-20T08:00:00.000Z' },
  ];
  const { fetchStub } = renderApp(
    '/settings',
    serve((method, path) => {
      if (method === 'GET' && path === '/api/users/7/push-subscriptions') return jsonResponse(200, { items: devices });
      if (method === 'DELETE' && path === '/api/users/7/push-subscriptions/3') {
        devices = devices.filter((d) => d.id !== 3);
        return jsonResponse(200, { message: 'Notifications are off for that device' });
      }
      return undefined;
    }),
  );
  await screen.findByRole('heading', { name: 'Account Settings' });
  openTab('Notifications');
  const list = await screen.findByRole('list', { name: 'Devices with notifications on' });
  assert.deepEqual(within(list).getAllByRole('listitem').map((li) => li.querySelector('.device__name')?.textContent), ['Chrome on Android', 'Safari on Mac']);
  fireEvent.click(within(list).getByRole('button', { name: 'Stop notifications to Chrome on Android' }));
  assert.ok(await screen.findByText('Notifications are off for that device'));
  assert.equal(fetchStub.callsTo('DELETE', '/api/users/7/push-subscriptions/3').length, 1);
  await waitFor(() => assert.equal(within(screen.getByRole('list', { name: 'Devices with notifications on' })).getAllByRole('listitem').length, 1));
});

test('Manage Devices lists the browsers that receive push beside the sessions, with when each was added; one can be removed', async () => {
  let devices = [
    { id: 3, service: 'fcm.googleapis.com', userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', createdAt: '2026-11-01T08:00:00.000Z', lastSuccessAt: null },
    { id: 4, service: 'web.push.apple.com', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', createdAt: '2026-11-02T08:00:00.000Z', lastSuccessAt: new Date(Date.now() - 2 * 3_600_000).toISOString() },
  ];
  const session = { id: 's1', userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', ip: '203.0.113.9', createdAt: '2026-11-01T08:00:00.000Z', lastSeenAt: new Date().toISOString(), current: true };
  const { fetchStub } = renderApp(
    '/settings',
    serve((method, path) => {
      if (method === 'GET' && path === '/api/users/7/sessions') return jsonResponse(200, [session]);
      if (method === 'GET' && path === '/api/users/7/push-subscriptions') return jsonResponse(200, { items: devices });
      if (method === 'DELETE' && path === '/api/users/7/push-subscriptions/4') {
        devices = devices.filter((d) => d.id !== 4);
        return jsonResponse(200, { message: 'Notifications are off for that device' });
      }
      return undefined;
    }),
  );
  await screen.findByRole('heading', { name: 'Account Settings' });
  openTab('Security');
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Devices' }));
  const dialog = await screen.findByRole('dialog', { name: 'Manage Devices' });
  assert.ok(await within(dialog).findByRole('list', { name: 'Signed-in devices' }));
  const list = await within(dialog).findByRole('list', { name: 'Receiving push notifications' });
  assert.deepEqual(
    within(list).getAllByRole('listitem').map((li) => [li.querySelector('.device__name')?.textContent, li.querySelector('.device__meta')?.textContent]),
    [
      ['Chrome on Android', 'Added 1 November 2026 · not notified yet'],
      ['Safari on Mac', 'Added 2 November 2026 · last notified 2 hours ago'],
    ],
  );
  fireEvent.click(within(list).getByRole('button', { name: 'Stop notifications to Safari on Mac' }));
  assert.ok(await screen.findByText('Notifications are off for that device'));
  assert.equal(fetchStub.callsTo('DELETE', '/api/users/7/push-subscriptions/4').length, 1);
  await waitFor(() => assert.deepEqual(within(within(screen.getByRole('dialog', { name: 'Manage Devices' })).getByRole('list', { name: 'Receiving push notifications' })).getAllByRole('listitem').map((li) => li.querySelector('.device__name')?.textContent), ['Chrome on Android']));
});

test('change password validates, sends, and clears on success', async () => {
  const { fetchStub } = renderApp(
    '/settings',
    serve((method, path) =>
      method === 'POST' && path === '/api/users/7/change-password'
        ? jsonResponse(200, { message: 'Password updated', endedSessions: 1 })
        : undefined,
    ),
  );
  await screen.findByRole('heading', { name: 'Account Settings' });
  openTab('Security');
  fireEvent.click(await screen.findByRole('button', { name: 'Update Password' }));
  assert.ok(await screen.findByText('Current password is required'));
  assert.ok(screen.getByText('Password must be at least 8 characters'));
  assert.ok(screen.getByText('Please confirm your password'));

  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-password' } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-1' } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-password-2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  assert.ok(await screen.findByText("Passwords don't match"));
  assert.equal(fetchStub.callsTo('POST', '/api/users/7/change-password').length, 0);

  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  assert.ok(await screen.findByText('Password updated'));
  assert.deepEqual(JSON.parse(fetchStub.callsTo('POST', '/api/users/7/change-password')[0]?.body ?? '{}'), {
    currentPassword: 'old-password',
    newPassword: 'new-password-1',
  });
  assert.equal((screen.getByLabelText('Current password') as HTMLInputElement).value, '');
  assert.equal((screen.getByLabelText('New password') as HTMLInputElement).value, '');
});

test('a refused password change shows the server message', async () => {
  renderApp(
    '/settings',
    serve((method, path) =>
      method === 'POST' && path === '/api/users/7/change-password'
        ? jsonResponse(400, { message: 'Current password is incorrect', field: 'currentPassword' })
        : undefined,
    ),
  );
  await screen.findByRole('heading', { name: 'Account Settings' });
  openTab('Security');
  fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'wrong-one' } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-password-1' } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
  assert.ok(await screen.findByText('Error'));
  assert.ok(screen.getAllByText('Current password is incorrect').length >= 1);
});

test('the Security tab offers 2FA, devices, data export and the danger zone', async () => {
  renderApp('/settings', serve());
  await screen.findByRole('heading', { name: 'Account Settings' });
  openTab('Security');
  assert.ok(await screen.findByRole('button', { name: 'Set up 2FA' }));
  assert.ok(screen.getByRole('button', { name: 'Manage Devices' }));
  assert.ok(screen.getByRole('button', { name: 'Download my data' }));
  assert.equal(screen.getByRole('link', { name: 'Delete My Account' }).getAttribute('href'), '/delete-account');
});
