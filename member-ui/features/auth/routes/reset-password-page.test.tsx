import '../../../test/setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

function choosePasswords(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

test('client checks run before sending: mismatch, then length', async () => {
  const { fetchStub } = renderApp('/reset-password/tok-1');
  await screen.findByRole('heading', { name: 'Reset Password' });
  assert.equal(screen.getByRole('link', { name: 'Back to Forgot Password' }).getAttribute('href'), '/forgot-password');

  choosePasswords('longenough1', 'different22');
  assert.ok(await screen.findByText("Passwords don't match"));

  choosePasswords('short', 'short');
  assert.ok(await screen.findByText('Password must be at least 8 characters'));
  assert.equal(fetchStub.callsTo('POST', '/api/auth/password-reset/confirm').length, 0);
});

test('a successful reset shows "Password Reset Successful" with Go to Login', async () => {
  const { fetchStub, router } = renderApp(
    '/reset-password/tok-1',
    fakeServer({
      handle: (request) =>
        request.url.pathname === '/api/auth/password-reset/confirm'
          ? jsonResponse(200, { message: 'Password updated' })
          : undefined,
    }),
  );
  await screen.findByRole('heading', { name: 'Reset Password' });
  choosePasswords('new-password-1', 'new-password-1');
  assert.ok(await screen.findByRole('heading', { name: 'Password Reset Successful' }));
  assert.equal(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href'), '/login');
  assert.equal(router.state.location.search.success, true);
  const form = new URLSearchParams(fetchStub.callsTo('POST', '/api/auth/password-reset/confirm')[0]?.body);
  assert.equal(form.get('token'), 'tok-1');
  assert.equal(form.get('password'), 'new-password-1');
  assert.equal(form.get('confirmPassword'), 'new-password-1');
});

test('an expired token shows the server message', async () => {
  renderApp(
    '/reset-password/old',
    fakeServer({
      handle: (request) =>
        request.url.pathname === '/api/auth/password-reset/confirm'
          ? jsonResponse(400, { message: 'This reset link is invalid or has expired. Please request a new one.' })
          : undefined,
    }),
  );
  await screen.findByRole('heading', { name: 'Reset Password' });
  choosePasswords('new-password-1', 'new-password-1');
  assert.equal(
    (await screen.findByRole('alert')).textContent,
    'This reset link is invalid or has expired. Please request a new one.',
  );
});

test('success=true and error query parameters are read', async () => {
  renderApp('/reset-password/tok-1?success=true');
  assert.ok(await screen.findByRole('heading', { name: 'Password Reset Successful' }));
  cleanupApp();
  renderApp('/reset-password/tok-1?error=Link%20expired');
  assert.equal((await screen.findByRole('alert')).textContent, 'Link expired');
});
