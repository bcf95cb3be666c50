import '../../../test/setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

function requestResetFor(email: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

test('an invalid email reads "Please enter a valid email address" and nothing is sent', async () => {
  const { fetchStub } = renderApp('/forgot-password');
  await screen.findByRole('heading', { name: 'Forgot Password?' });
  requestResetFor('not-an-email');
  assert.ok(await screen.findByText('Please enter a valid email address'));
  assert.equal(fetchStub.callsTo('POST', '/api/auth/password-reset/request').length, 0);
});

test('in demo mode the sent view offers a Reset Password button for the token', async () => {
  const { fetchStub } = renderApp(
    '/forgot-password',
    fakeServer({
      handle: (request) =>
        request.url.pathname === '/api/auth/password-reset/request'
          ? jsonResponse(200, { message: 'If an account exists for that email, a reset link has been sent.', token: 'tok-123' })
          : undefined,
    }),
  );
  await screen.findByRole('heading', { name: 'Forgot Password?' });
  requestResetFor('priya@example.com');

  assert.ok(await screen.findByRole('heading', { name: 'Reset Email Sent' }));
  assert.ok(screen.getByText(/For this demo, you can reset your password directly/));
  assert.equal(screen.getByRole('link', { name: 'Reset Password' }).getAttribute('href'), '/reset-password/tok-123');
  assert.equal(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href'), '/login');
  const [call] = fetchStub.callsTo('POST', '/api/auth/password-reset/request');
  assert.deepEqual(JSON.parse(call?.body ?? '{}'), { email: 'priya@example.com' });

  fireEvent.click(screen.getByRole('button', { name: 'Try Different Email' }));
  assert.ok(await screen.findByRole('heading', { name: 'Forgot Password?' }));
});

test('without a token the sent view has no Reset Password button', async () => {
  renderApp(
    '/forgot-password',
    fakeServer({
      handle: (request) =>
        request.url.pathname === '/api/auth/password-reset/request'
          ? jsonResponse(200, { message: 'If an account exists for that email, a reset link has been sent.' })
          : undefined,
    }),
  );
  await screen.findByRole('heading', { name: 'Forgot Password?' });
  requestResetFor('priya@example.com');
  assert.ok(await screen.findByRole('heading', { name: 'Reset Email Sent' }));
  assert.equal(screen.queryByRole('link', { name: 'Reset Password' }), null);
});

test('a rate-limited request shows the server message; a network failure its own text', async () => {
  let attempt = 0;
  renderApp(
    '/forgot-password',
    fakeServer({
      handle: (request) => {
        if (request.url.pathname !== '/api/auth/password-reset/request') return undefined;
        attempt += 1;
        if (attempt === 1) return jsonResponse(429, { message: 'Too many attempts. Please try again later.' });
        throw new TypeError('Failed to fetch');
      },
    }),
  );
  await screen.findByRole('heading', { name: 'Forgot Password?' });
  requestResetFor('priya@example.com');
  assert.equal((await screen.findByRole('alert')).textContent, 'Too many attempts. Please try again later.');
  fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  assert.equal(
    (await screen.findByText('Network error. Please check your connection and try again.')).textContent,
    'Network error. Please check your connection and try again.',
  );
});

test('token and error query parameters are read', async () => {
  renderApp('/forgot-password?token=abc-9');
  assert.ok(await screen.findByRole('heading', { name: 'Reset Email Sent' }));
  assert.equal(screen.getByRole('link', { name: 'Reset Password' }).getAttribute('href'), '/reset-password/abc-9');
  cleanupApp();

  renderApp('/forgot-password?error=Email%20service%20unavailable');
  assert.equal((await screen.findByRole('alert')).textContent, 'Email service unavailable');
});

test('a visitor reading Hindi gets the page and its refusal in Hindi, and nothing is sent for a bad address', async () => {
  // The page as the server sends it to a Hindi-reading visitor: the app starts in the page's language (app/start.tsx).
  const [{ render }, { createMemoryHistory }, { App }, { createAppRouter }, { createAppQueryClient }, { loadCatalogue }, { stubFetch }] = await Promise.all([
    import('@testing-library/react'),
    import('@tanstack/react-router'),
    import('../../../app/app'),
    import('../../../router'),
    import('../../../lib/query-client'),
    import('../../../i18n/catalogue'),
    import('../../../test/fetch-stub'),
  ]);
  const fetchStub = stubFetch(fakeServer());
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: ['/forgot-password'] }) });
  const view = render(<App queryClient={queryClient} router={router} language="hi" messages={await loadCatalogue('hi')} />);
  try {
    assert.ok(await screen.findByRole('heading', { name: 'पासवर्ड भूल गए?' }));
    assert.ok(screen.getByText('अपना ईमेल पता लिखें, हम आपको पासवर्ड बदलने का लिंक भेजेंगे।'));
    fireEvent.change(screen.getByLabelText('ईमेल'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'रीसेट लिंक भेजें' }));
    assert.ok(await screen.findByText('कृपया सही ईमेल पता डालें'));
    assert.equal(fetchStub.callsTo('POST', '/api/auth/password-reset/request').length, 0);
    assert.equal(screen.getByRole('link', { name: 'साइन इन पर वापस जाएँ' }).getAttribute('href'), '/login');
  } finally {
    view.unmount();
    queryClient.clear();
    fetchStub.restore();
  }
});
