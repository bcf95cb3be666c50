import '../../../test/setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse, textResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

function fillIn(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidForm(confirmPassword = 'saathi-2025') {
  fillIn('Full Name', 'Arjun Mehta');
  fillIn('Email', 'arjun@example.com');
  fillIn('Username', 'arjun');
  fillIn('Password', 'saathi-2025');
  fillIn('Confirm Password', confirmPassword);
}

function registerWith(respond: (request: { url: URL }) => Response | undefined) {
  return renderApp('/register', fakeServer({ handle: respond }));
}

test('shows the invitation, the first-500 note and a Sign In button', async () => {
  renderApp('/register');
  assert.ok(await screen.findByRole('heading', { name: 'Join Saathi' }));
  assert.ok(screen.getByText('First 500 registrations get free Premium access for 1 year!'));
  for (const label of ['Full Name', 'Email', 'Username', 'Password', 'Confirm Password']) {
    assert.ok(screen.getByLabelText(label), `${label} field`);
  }
  assert.equal(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href'), '/login');
});

test('"Passwords don\'t match" is shown and nothing is sent', async () => {
  const { fetchStub } = renderApp('/register');
  await screen.findByRole('heading', { name: 'Join Saathi' });
  fillValidForm('something-else');
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.ok(await screen.findByText("Passwords don't match"));
  assert.equal(fetchStub.callsTo('POST', '/api/auth/register').length, 0);
});

test('short usernames get the shared schema message before sending', async () => {
  const { fetchStub } = renderApp('/register');
  await screen.findByRole('heading', { name: 'Join Saathi' });
  fillValidForm();
  fillIn('Username', 'ab');
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.ok(await screen.findByText('Username must be at least 3 characters'));
  assert.equal(fetchStub.callsTo('POST', '/api/auth/register').length, 0);
});

test('sends the form with tryme and lands the new member on the home screen', async () => {
  const { fetchStub } = registerWith((request) =>
    request.url.pathname === '/api/auth/register'
      ? jsonResponse(201, { user: buildSessionUser({ fullName: 'Arjun Mehta' }), redirectTo: '/' })
      : undefined,
  );
  await screen.findByRole('heading', { name: 'Join Saathi' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.ok(await screen.findByRole('heading', { name: 'Welcome, Arjun!' }));
  const [call] = fetchStub.callsTo('POST', '/api/auth/register');
  assert.ok(call);
  const form = new URLSearchParams(call.body);
  assert.equal(form.get('subscriptionTier'), 'tryme');
  assert.equal(form.get('confirmPassword'), 'saathi-2025');
  assert.equal(call.url.searchParams.get('redirect'), '/');
});

test('registering for a daughter asks for both names and sends them apart', async () => {
  const { fetchStub } = registerWith((request) =>
    request.url.pathname === '/api/auth/register'
      ? jsonResponse(201, { user: buildSessionUser({ fullName: 'Arjun Mehta' }), redirectTo: '/' })
      : undefined,
  );
  await screen.findByRole('heading', { name: 'Join Saathi' });
  const choices = [...(screen.getByLabelText('This Profile Is For') as HTMLSelectElement).options].map((o) => o.textContent);
  assert.deepEqual(choices, ['Myself', 'My son', 'My daughter', 'My brother', 'My sister', 'A relative', 'A friend']);
  assert.equal(screen.queryByLabelText('Their Full Name'), null, 'for myself, one name');
  fillIn('This Profile Is For', 'daughter');
  fillIn('Your Full Name', 'Arjun Mehta');
  fillIn('Email', 'arjun@example.com');
  fillIn('Username', 'arjun');
  fillIn('Password', 'saathi-2025');
  fillIn('Confirm Password', 'saathi-2025');
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.ok(await screen.findByText('Enter the full name of the person this profile is for'));
  assert.equal(fetchStub.callsTo('POST', '/api/auth/register').length, 0, 'nothing is sent without her name');
  fillIn('Their Full Name', 'Meera Mehta');
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.ok(await screen.findByRole('heading', { name: 'Welcome, Arjun!' }));
  const form = new URLSearchParams(fetchStub.callsTo('POST', '/api/auth/register')[0].body);
  assert.deepEqual([form.get('profileFor'), form.get('fullName'), form.get('candidateName')], ['daughter', 'Arjun Mehta', 'Meera Mehta']);
});

test('a conflict shows the server message', async () => {
  registerWith((request) =>
    request.url.pathname === '/api/auth/register'
      ? jsonResponse(409, { message: 'Username already exists', field: 'username' })
      : undefined,
  );
  await screen.findByRole('heading', { name: 'Join Saathi' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.equal((await screen.findByRole('alert')).textContent, 'Username already exists');
});

test('a plain-text error body is shown as is, an empty one as the generic failure', async () => {
  registerWith((request) =>
    request.url.pathname === '/api/auth/register' ? textResponse(400, 'Registration closed') : undefined,
  );
  await screen.findByRole('heading', { name: 'Join Saathi' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.equal((await screen.findByRole('alert')).textContent, 'Registration closed');
  cleanupApp();

  registerWith((request) =>
    request.url.pathname === '/api/auth/register' ? textResponse(500, '', 'Internal Server Error') : undefined,
  );
  await screen.findByRole('heading', { name: 'Join Saathi' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.equal((await screen.findByRole('alert')).textContent, 'Registration failed. Please try again.');
});

test('outside demo mode the server asks for email confirmation: "Check your email", nobody is signed in', async () => {
  const message = 'Almost there! We sent a link to your email address. Open it to confirm your address and sign in.';
  registerWith((request) =>
    request.url.pathname === '/api/auth/register' ? jsonResponse(202, { message, confirmationRequired: true }) : undefined,
  );
  await screen.findByRole('heading', { name: 'Join Saathi' });
  fillValidForm();
  fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  assert.ok(await screen.findByRole('heading', { name: 'Check your email' }));
  assert.ok(screen.getByText(message));
  assert.equal(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href'), '/login');
});

test('the confirmation link confirms the address and signs the member in', async () => {
  const { fetchStub } = renderApp(
    '/confirm-email/tok_123',
    fakeServer({
      handle: (request) =>
        request.url.pathname === '/api/auth/confirm-email'
          ? jsonResponse(200, { message: 'Your email address is confirmed. Welcome to Saathi!', user: buildSessionUser({ fullName: 'Arjun Mehta' }), redirectTo: '/' })
          : undefined,
    }),
  );
  assert.ok(await screen.findByRole('heading', { name: 'Email confirmed' }));
  const [call] = fetchStub.callsTo('POST', '/api/auth/confirm-email');
  assert.deepEqual(JSON.parse(call.body), { token: 'tok_123' });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  assert.ok(await screen.findByRole('heading', { name: 'Welcome, Arjun!' }));
});

test('an expired confirmation link says so and offers to register again', async () => {
  renderApp(
    '/confirm-email/old',
    fakeServer({
      handle: (request) =>
        request.url.pathname === '/api/auth/confirm-email'
          ? jsonResponse(400, { message: 'This confirmation link is invalid or has expired. Register again to get a new one.' })
          : undefined,
    }),
  );
  assert.ok(await screen.findByRole('heading', { name: 'We could not confirm your email' }));
  assert.ok(screen.getByText('This confirmation link is invalid or has expired. Register again to get a new one.'));
  assert.equal(screen.getByRole('link', { name: 'Register again' }).getAttribute('href'), '/register');
});
