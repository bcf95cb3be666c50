import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const FIRST_LOAD_MS = 20_000;
const TOKEN = 'a-family-invitation-token-0123456789';
const rohan = buildSessionUser({ id: 7, fullName: 'Rohan Deshpande', profileId: 40 });

test('accepting goes on to Family in place of the used-up link, so Back does not return to it', async () => {
  let accepted = false;
  const { router } = renderApp(
    `/family-invite/${TOKEN}`,
    fakeServer({
      user: null,
      handle: (request) => {
        const path = request.url.pathname;
        if (path === `/api/family-invitations/${TOKEN}` && request.method === 'GET') {
          return jsonResponse(200, { role: 'candidate', relation: null, maskedEmail: 'r****@example.test', hiddenUntilConfirmed: false, account: null, profile: null, inviterName: 'Sunita Deshpande', candidateFirstName: 'Rohan', expiresAt: '2026-12-04T00:00:00.000Z' });
        }
        if (path === `/api/family-invitations/${TOKEN}` && request.method === 'POST') {
          accepted = true;
          return jsonResponse(200, { outcome: 'accept', message: 'The profile is yours now.' });
        }
        if (path === '/api/auth/user') return accepted ? jsonResponse(200, rohan) : jsonResponse(401, { message: 'Not signed in' });
        return undefined;
      },
    }),
  );
  fireEvent.change(await screen.findByRole('textbox', { name: 'Your full name' }, { timeout: FIRST_LOAD_MS }), { target: { value: 'Rohan Deshpande' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'rohan_d' } });
  fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'rohan-own-password-1' } });
  fireEvent.change(screen.getByLabelText('Confirm password', { exact: true }), { target: { value: 'rohan-own-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Accept the profile' }));
  await waitFor(() => assert.equal(router.state.location.pathname, '/family'));
  router.history.back();
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(router.state.location.pathname, '/family');
});

test('a used link, opened again while signed in, leads on to Family', async () => {
  renderApp(
    `/family-invite/${TOKEN}`,
    fakeServer({
      user: rohan,
      handle: (request) =>
        request.url.pathname === `/api/family-invitations/${TOKEN}` ? jsonResponse(410, { message: 'This invitation was already answered or replaced by a newer one' }) : undefined,
    }),
  );
  await screen.findByText('This invitation was already answered or replaced by a newer one', {}, { timeout: FIRST_LOAD_MS });
  assert.equal(screen.getByRole('link', { name: 'Open Family' }).getAttribute('href'), '/family');
});

test('signed in already, a family member accepts with that account: no new sign-in is asked for', async () => {
  const sunita = buildSessionUser({ id: 9, fullName: 'Sunita Deshpande', profileId: null });
  let sent: unknown = null;
  const { router } = renderApp(
    `/family-invite/${TOKEN}`,
    fakeServer({
      user: sunita,
      handle: (request) => {
        const path = request.url.pathname;
        if (path === `/api/family-invitations/${TOKEN}` && request.method === 'GET') {
          return jsonResponse(200, { role: 'family', relation: 'mother', maskedEmail: 's****@example.test', hiddenUntilConfirmed: false, account: null, profile: null, inviterName: 'Rohan Deshpande', candidateFirstName: null, expiresAt: '2026-12-04T00:00:00.000Z' });
        }
        if (path === `/api/family-invitations/${TOKEN}` && request.method === 'POST') {
          sent = JSON.parse(request.body || 'null');
          return jsonResponse(200, { outcome: 'joined' });
        }
        return undefined;
      },
    }),
  );
  await screen.findByText(/You are signed in as Sunita Deshpande/, {}, { timeout: FIRST_LOAD_MS });
  assert.equal(screen.queryByRole('textbox', { name: 'Username' }), null, 'no form for a sign-in the server would ignore');
  fireEvent.click(screen.getByRole('button', { name: 'Accept as Sunita Deshpande' }));
  await waitFor(() => assert.equal(router.state.location.pathname, '/family'));
  assert.deepEqual(sent, {});
});

test('the candidate signed in with the invited address accepts with that account and sends the permissions chosen on the form', async () => {
  let body: Record<string, unknown> | null = null;
  renderApp(
    `/family-invite/${TOKEN}`,
    fakeServer({
      user: rohan,
      handle: (request) => {
        const path = request.url.pathname;
        if (path === `/api/family-invitations/${TOKEN}` && request.method === 'GET') {
          return jsonResponse(200, { role: 'candidate', relation: null, maskedEmail: 'r****@example.test', hiddenUntilConfirmed: true, account: { fullName: 'Rohan Deshpande', invitedAddress: true, hasProfile: false }, profile: null, inviterName: 'Sunita Deshpande', candidateFirstName: 'Rohan', expiresAt: '2026-12-04T00:00:00.000Z' });
        }
        if (path === `/api/family-invitations/${TOKEN}` && request.method === 'POST') {
          body = JSON.parse(request.body || '{}') as Record<string, unknown>;
          return jsonResponse(200, { outcome: 'accept', message: 'The profile is yours now.' });
        }
        return undefined;
      },
    }),
  );
  await screen.findByText('You are signed in as Rohan Deshpande (r****@example.test): the profile comes to this account.', {}, { timeout: FIRST_LOAD_MS });
  assert.equal(screen.queryByRole('textbox', { name: 'Username' }), null, 'no new sign-in to type');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Edit my profile' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Write to members as my family' }));
  fireEvent.click(screen.getByRole('button', { name: 'Accept the profile' }));
  await waitFor(() => assert.ok(body));
  assert.deepEqual(body, { answer: 'accept', permissions: { mayEdit: false, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: true, mayShare: true, mayCall: false } });
});

test('signed in with another account, the page says which address to sign in with and offers no accept', async () => {
  renderApp(
    `/family-invite/${TOKEN}`,
    fakeServer({
      user: rohan,
      handle: (request) =>
        request.url.pathname === `/api/family-invitations/${TOKEN}`
          ? jsonResponse(200, { role: 'candidate', relation: null, maskedEmail: 'r****@example.test', hiddenUntilConfirmed: false, account: { fullName: 'Sunita Deshpande', invitedAddress: false, hasProfile: true }, profile: null, inviterName: 'Sunita Deshpande', candidateFirstName: 'Rohan', expiresAt: '2026-12-04T00:00:00.000Z' })
          : undefined,
    }),
  );
  await screen.findByText('Sign in with r****@example.test to answer this invitation: it counts only for that address.', {}, { timeout: FIRST_LOAD_MS });
  assert.equal(screen.queryByRole('button', { name: 'Accept the profile' }), null);
  assert.equal(screen.queryByRole('button', { name: 'Take it over alone' }), null);
});
