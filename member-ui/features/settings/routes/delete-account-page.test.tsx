import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const me = buildSessionUser({ id: 7 });

function serve(deleteAnswer: () => Response | Promise<Response> = () => jsonResponse(200, { message: 'done' })) {
  return fakeServer({
    user: me,
    handle: (request) => (request.url.pathname === '/api/user/delete' ? deleteAnswer() : undefined),
  });
}

function typePhrase(value: string) {
  fireEvent.change(screen.getByLabelText('Type "delete my account" to confirm'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
}

test('the warning lists every consequence', async () => {
  renderApp('/delete-account', serve());
  assert.ok(await screen.findByRole('heading', { name: 'Delete Account' }));
  for (const text of [
    'Your personal data will be anonymized',
    'Your profile will be removed from search results and matches',
    'Any active subscriptions will be cancelled with no refund',
    'Your messages and conversations will be deleted',
    'Your photos will be made inaccessible',
  ]) {
    assert.ok(screen.getByText(text), text);
  }
  assert.equal(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href'), '/profile');
});

test('a wrong phrase is refused with the spec toast and stays on step 1', async () => {
  renderApp('/delete-account', serve());
  await screen.findByRole('heading', { name: 'Delete Account' });
  typePhrase('delete account');
  assert.ok(await screen.findByText('Incorrect confirmation phrase'));
  assert.ok(screen.getByText("Please type 'delete my account' exactly as shown to proceed."));
  assert.ok(screen.getByText('Step 1 of 2'));
  assert.equal(screen.queryByLabelText('Your password'), null);
});

test('the phrase is accepted in any case; Go Back returns to step 1', async () => {
  renderApp('/delete-account', serve());
  await screen.findByRole('heading', { name: 'Delete Account' });
  typePhrase('Delete My ACCOUNT');
  assert.ok(await screen.findByLabelText('Your password'));
  assert.ok(screen.getByText('Step 2 of 2'));
  fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
  assert.ok(await screen.findByLabelText('Type "delete my account" to confirm'));
});

test('an empty password is refused; a wrong one shows the server message', async () => {
  const { fetchStub } = renderApp(
    '/delete-account',
    serve(() => jsonResponse(400, { message: 'Incorrect password or an error occurred. Please try again.', field: 'password' })),
  );
  await screen.findByRole('heading', { name: 'Delete Account' });
  typePhrase('delete my account');
  fireEvent.click(await screen.findByRole('button', { name: 'Delete My Account Permanently' }));
  assert.ok(await screen.findByText('Password required'));
  assert.ok(screen.getByText('Please enter your password to confirm account deletion.'));
  assert.equal(fetchStub.callsTo('POST', '/api/user/delete').length, 0);

  fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'not-my-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete My Account Permanently' }));
  assert.ok(await screen.findByText('Deletion Failed'));
  assert.ok(screen.getByText('Incorrect password or an error occurred. Please try again.'));
  const [call] = fetchStub.callsTo('POST', '/api/user/delete');
  assert.deepEqual(JSON.parse(call?.body ?? '{}'), { password: 'not-my-password' });
});

test('a network failure shows the technical-difficulties text', async () => {
  renderApp(
    '/delete-account',
    serve(() => {
      throw new TypeError('Failed to fetch');
    }),
  );
  await screen.findByRole('heading', { name: 'Delete Account' });
  typePhrase('delete my account');
  fireEvent.change(await screen.findByLabelText('Your password'), { target: { value: 'secret-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete My Account Permanently' }));
  assert.ok(
    await screen.findByText(
      "We're experiencing some technical difficulties with your request. Please try again later or contact our support team.",
    ),
  );
  assert.ok(screen.getByText('Error'));
});

test('success toasts "Account Deleted", signs out and leaves for the splash route', async () => {
  const { router, queryClient } = renderApp(
    '/delete-account',
    serve(() =>
      jsonResponse(200, {
        message:
          'Your account has been successfully deleted. All personal data has been anonymized. Thank you for using our service.',
      }),
    ),
  );
  await screen.findByRole('heading', { name: 'Delete Account' });
  typePhrase('delete my account');
  fireEvent.change(await screen.findByLabelText('Your password'), { target: { value: 'secret-pass' } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete My Account Permanently' }));
  assert.ok(await screen.findByText('Account Deleted'));
  await waitFor(() => assert.notEqual(router.state.location.pathname, '/delete-account'));
  assert.equal(queryClient.getQueryData(['/api/auth/user']), null);
});
