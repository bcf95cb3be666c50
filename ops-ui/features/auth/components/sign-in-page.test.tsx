import '../../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { fireEvent, screen } from '@testing-library/react';
import { adminUser, cleanup, renderApp, type StubbedFetch, stubFetch } from '../../../test/render-app';

const MEMBER_REFUSAL = 'Member accounts cannot sign in to the ops console. Please use the Saathi app.';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  test('an account with two-factor on is asked for its code, then signed in; the request is JSON', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 401, body: { message: 'Not authenticated' } },
      'POST /api/ops/session': (request) =>
        JSON.parse(request.bodyText).totpCode === '123456'
          ? { status: 200, body: { user: adminUser } }
          : { status: 401, body: { message: 'Please enter your authentication code', totpRequired: true } },
    });
    renderApp('/ops');

    await screen.findByRole('heading', { name: 'Sign in to the review console' });
    assert.equal(screen.queryByLabelText('Authentication code'), null, 'no code field until the server asks');
    fillAndSubmit('anjali.admin', 'correct horse');

    const alert = await screen.findByRole('alert');
    assert.equal(alert.textContent, 'Please enter your authentication code');
    fireEvent.change(await screen.findByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    assert.ok(await screen.findByText('Anjali Mehta'));

    const posts = fetchStub.requests.filter((request) => request.method === 'POST');
    assert.equal(posts.length, 2);
    assert.equal(posts[0].pathname, '/api/ops/session');
    assert.equal(posts[0].headers.get('accept'), 'application/json');
    assert.deepEqual(JSON.parse(posts[0].bodyText), { username: 'anjali.admin', password: 'correct horse' });
    assert.deepEqual(JSON.parse(posts[1].bodyText), { username: 'anjali.admin', password: 'correct horse', totpCode: '123456' });
  });

  test('wrong credentials show the server message', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 401, body: { message: 'Not authenticated' } },
      'POST /api/ops/session': { status: 401, body: { message: 'Invalid username or password' } },
    });
    renderApp('/ops');

    await screen.findByRole('heading', { name: 'Sign in to the review console' });
    fillAndSubmit('anjali.admin', 'not-the-password');

    const alert = await screen.findByRole('alert');
    assert.equal(alert.textContent, 'Invalid username or password');
  });

  test('rate limiting is explained', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 401 },
      'POST /api/ops/session': { status: 429, body: { message: 'Too many attempts. Please try again later.' } },
    });
    renderApp('/ops');

    await screen.findByRole('heading', { name: 'Sign in to the review console' });
    fillAndSubmit('anjali.admin', 'whatever-it-is');

    assert.equal((await screen.findByRole('alert')).textContent, 'Too many attempts. Please try again later.');
  });

  test('empty fields are flagged without calling the server', async () => {
    fetchStub = stubFetch({ 'GET /api/ops/me': { status: 401 } });
    renderApp('/ops');

    await screen.findByRole('heading', { name: 'Sign in to the review console' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    assert.ok(await screen.findByText('Username is required'));
    assert.ok(screen.getByText('Password is required'));
    assert.equal(fetchStub.requests.filter((request) => request.method === 'POST').length, 0);
  });

  test('a reviewer who signs in lands on the page they opened', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 401 },
      'POST /api/ops/session': { status: 200, body: { user: adminUser } },
    });
    renderApp('/ops/reports');

    await screen.findByRole('heading', { name: 'Sign in to the review console' });
    fillAndSubmit('anjali.admin', 'correct-password');

    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Reports' }));
    assert.ok(screen.getByText('Anjali Mehta'));
  });
});

describe('member session', () => {
  test('a member already signed in is refused and can sign out', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 403, body: { message: MEMBER_REFUSAL } },
      'POST /api/auth/logout': { status: 200, body: { message: 'Signed out' } },
    });
    renderApp('/ops/members');

    assert.ok(await screen.findByRole('heading', { name: 'This console is for reviewers and admins' }));
    assert.ok(screen.getByText(MEMBER_REFUSAL));
    assert.equal(screen.queryByRole('table'), null);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    assert.ok(await screen.findByRole('heading', { name: 'Sign in to the review console' }));
    const logout = fetchStub.requests.find((request) => request.pathname === '/api/auth/logout');
    assert.ok(logout);
    assert.equal(logout.method, 'POST');
    assert.equal(logout.headers.get('accept'), 'application/json');
  });
});
