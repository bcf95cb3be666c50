import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { deferred, jsonResponse, textResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

function fillIn(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: /^Sign(ing)? in/i }));
}

test('shows the sign-in texts and links of the spec', async () => {
  renderApp('/login');
  assert.ok(await screen.findByRole('heading', { name: 'Welcome Back' }));
  assert.ok(screen.getByText('Sign in to continue your journey'));
  assert.ok(screen.getByLabelText('Username'));
  assert.ok(screen.getByLabelText('Password'));
  assert.equal(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href'), '/forgot-password');
  assert.equal(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href'), '/register');
  assert.equal(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href'), '/terms');
  assert.equal(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href'), '/privacy-policy');
  assert.ok(screen.getByRole('button', { name: 'Sign In' }));
});

test('empty fields show the required messages and send nothing', async () => {
  const { fetchStub } = renderApp('/login');
  await screen.findByRole('heading', { name: 'Welcome Back' });
  submit();
  assert.ok(await screen.findByText('Username is required'));
  assert.ok(screen.getByText('Password is required'));
  assert.equal(fetchStub.callsTo('POST', '/api/auth/login').length, 0);
});

test('while signing in the button reads "Signing in..." and is disabled, then the member lands on redirectTo', async () => {
  const loginAnswer = deferred<Response>();
  const { fetchStub, router } = renderApp(
    '/login?redirectTo=%2Fsearch',
    fakeServer({
      handle: (request) => (request.url.pathname === '/api/auth/login' ? loginAnswer.promise : undefined),
    }),
  );
  await screen.findByRole('heading', { name: 'Welcome Back' });
  fillIn('Username', 'priya');
  fillIn('Password', 'correct horse');
  submit();

  const busy = await screen.findByRole('button', { name: 'Signing in...' });
  assert.equal((busy as HTMLButtonElement).disabled, true);

  const [call] = fetchStub.callsTo('POST', '/api/auth/login');
  assert.ok(call, 'login request sent');
  assert.equal(call.url.searchParams.get('redirect'), '/search');
  assert.equal(call.headers.get('accept'), 'application/json');
  const form = new URLSearchParams(call.body);
  assert.equal(form.get('username'), 'priya');
  assert.equal(form.get('password'), 'correct horse');

  loginAnswer.resolve(jsonResponse(200, { user: buildSessionUser(), redirectTo: '/search' }));
  assert.ok(await screen.findByRole('heading', { name: 'Search' }));
  assert.equal(router.state.location.pathname, '/search');
});

test('a rejected sign-in shows the server message', async () => {
  renderApp(
    '/login',
    fakeServer({
      handle: (request) =>
        request.url.pathname === '/api/auth/login'
          ? jsonResponse(401, { message: 'Invalid username or password' })
          : undefined,
    }),
  );
  await screen.findByRole('heading', { name: 'Welcome Back' });
  fillIn('Username', 'priya');
  fillIn('Password', 'wrong-password');
  submit();
  const alert = await screen.findByRole('alert');
  assert.equal(alert.textContent, 'Invalid username or password');
  assert.ok(screen.getByRole('button', { name: 'Sign In' }));
});

test('a failure without a message reads "Login failed. Please try again."', async () => {
  renderApp(
    '/login',
    fakeServer({
      handle: (request) =>
        request.url.pathname === '/api/auth/login' ? textResponse(500, '', 'Internal Server Error') : undefined,
    }),
  );
  await screen.findByRole('heading', { name: 'Welcome Back' });
  fillIn('Username', 'priya');
  fillIn('Password', 'whatever1');
  submit();
  assert.equal((await screen.findByRole('alert')).textContent, 'Login failed. Please try again.');
});

test('a network failure reads "An error occurred during login. Please try again."', async () => {
  renderApp(
    '/login',
    fakeServer({
      handle: (request) => {
        if (request.url.pathname === '/api/auth/login') throw new TypeError('Failed to fetch');
        return undefined;
      },
    }),
  );
  await screen.findByRole('heading', { name: 'Welcome Back' });
  fillIn('Username', 'priya');
  fillIn('Password', 'whatever1');
  submit();
  assert.equal(
    (await screen.findByRole('alert')).textContent,
    'An error occurred during login. Please try again.',
  );
});

test('an error query parameter is shown in a banner and removed from the address', async () => {
  const { router } = renderApp('/login?error=Session%20expired&redirectTo=%2Fmessages');
  assert.equal((await screen.findByRole('alert')).textContent, 'Session expired');
  await waitFor(() => assert.equal(new URLSearchParams(router.state.location.searchStr).get('error'), null));
  assert.equal(router.state.location.search.redirectTo, '/messages');
  assert.ok(screen.getByRole('alert'), 'banner stays after the address is cleaned');
});

test('a visitor opening a protected page is sent to /login with redirectTo', async () => {
  const { router } = renderApp('/messages');
  assert.ok(await screen.findByRole('heading', { name: 'Welcome Back' }));
  assert.equal(router.state.location.pathname, '/login');
  assert.equal(router.state.location.search.redirectTo, '/messages');
});

test('/auth forwards to /login keeping redirectTo', async () => {
  const { router } = renderApp('/auth?redirectTo=%2Fshared%2Fabc');
  assert.ok(await screen.findByRole('heading', { name: 'Welcome Back' }));
  assert.equal(router.state.location.pathname, '/login');
  assert.equal(router.state.location.search.redirectTo, '/shared/abc');
});

test('a two-factor account is asked for the authentication code and the login is resent with it', async () => {
  const { fetchStub, router } = renderApp(
    '/login',
    fakeServer({
      handle: (request) => {
        if (request.url.pathname !== '/api/auth/login') return undefined;
        const code = new URLSearchParams(request.body).get('totpCode');
        if (!code) {
          return jsonResponse(401, { message: 'Enter the 6-digit code from your authenticator app', totpRequired: true });
        }
        if (code !== '123456') return jsonResponse(401, { message: 'Invalid authentication code', totpRequired: true });
        return jsonResponse(200, { user: buildSessionUser(), redirectTo: '/' });
      },
    }),
  );
  await screen.findByRole('heading', { name: 'Welcome Back' });
  assert.equal(screen.queryByLabelText('Authentication code'), null);
  fillIn('Username', 'priya');
  fillIn('Password', 'correct horse');
  submit();

  const codeField = await screen.findByLabelText('Authentication code');
  assert.equal(screen.queryByRole('alert'), null, 'asking for the code is not an error');
  fireEvent.change(codeField, { target: { value: '000000' } });
  submit();
  assert.ok(await screen.findByText('Invalid authentication code'));

  fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
  submit();
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
  const calls = fetchStub.callsTo('POST', '/api/auth/login');
  assert.equal(calls.length, 3);
  const last = new URLSearchParams(calls[2]?.body);
  assert.equal(last.get('totpCode'), '123456');
  assert.equal(last.get('password'), 'correct horse');
});

test('a recovery code can be typed in place of the authenticator code', async () => {
  const { fetchStub, router } = renderApp(
    '/login',
    fakeServer({
      handle: (request) => {
        if (request.url.pathname !== '/api/auth/login') return undefined;
        const code = new URLSearchParams(request.body).get('totpCode');
        if (!code) return jsonResponse(401, { message: 'Enter the 6-digit code from your authenticator app', totpRequired: true });
        return code === 'k7qd2-x9mfa' ? jsonResponse(200, { user: buildSessionUser(), redirectTo: '/' }) : jsonResponse(401, { message: 'Invalid authentication code', totpRequired: true });
      },
    }),
  );
  await screen.findByRole('heading', { name: 'Welcome Back' });
  fillIn('Username', 'priya');
  fillIn('Password', 'correct horse');
  submit();
  const codeField = await screen.findByLabelText('Authentication code');
  fireEvent.change(codeField, { target: { value: 'not a code!' } });
  submit();
  assert.ok(await screen.findByText('Enter the 6-digit code, or one of your recovery codes'));
  fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: 'k7qd2-x9mfa' } });
  submit();
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
  const calls = fetchStub.callsTo('POST', '/api/auth/login');
  assert.equal(new URLSearchParams(calls.at(-1)?.body).get('totpCode'), 'k7qd2-x9mfa');
});
