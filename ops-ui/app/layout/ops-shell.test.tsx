import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { act, fireEvent, screen, within } from '@testing-library/react';
import {
  adminUser,
  cleanup,
  renderApp,
  reviewerUser,
  type StubbedFetch,
  stubFetch,
} from '../../test/render-app';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

function signedInAs(user: typeof adminUser | typeof reviewerUser): StubbedFetch {
  return stubFetch({
    'GET /api/ops/me': { status: 200, body: { user } },
    'POST /api/ops/sign-out': { status: 200, body: { message: 'Signed out' } },
    'GET /api/ops/verifications': { status: 200, body: emptyPage },
    'GET /api/ops/members': { status: 200, body: emptyPage },
  });
}

const emptyPage = { items: [], total: 0, page: 1, pageSize: 25 };

const STAFF_AREAS = [
  'Dashboard',
  'Verification queue',
  'Success stories',
  'Share links',
  'Reports',
  'Appeals',
  'Members',
  'Inbox',
  'Audit log',
];

function navLinkNames(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Console areas' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('console shell', () => {
  test('an admin sees every area including Reviewers, with name and role in the top bar', async () => {
    fetchStub = signedInAs(adminUser);
    renderApp('/ops');

    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }));
    assert.deepEqual(navLinkNames(), [...STAFF_AREAS, 'Reviewers']);
    const banner = screen.getByRole('banner');
    assert.ok(within(banner).getByText('Anjali Mehta'));
    assert.ok(within(banner).getByText('Admin'));
  });

  test('a reviewer does not see Reviewers in the navigation', async () => {
    fetchStub = signedInAs(reviewerUser);
    renderApp('/ops');

    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Dashboard' }));
    assert.deepEqual(navLinkNames(), STAFF_AREAS);
    assert.equal(screen.queryByRole('link', { name: 'Reviewers' }), null);
    assert.ok(within(screen.getByRole('banner')).getByText('Reviewer'));
  });

  test('a reviewer who opens the Reviewers address is told it is for admins', async () => {
    fetchStub = signedInAs(reviewerUser);
    renderApp('/ops/reviewers');

    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Admins only' }));
    assert.equal(screen.queryByRole('heading', { level: 1, name: 'Reviewers' }), null);
  });

  test('clicking a sidebar item opens that area with its description and empty state', async () => {
    fetchStub = signedInAs(reviewerUser);
    renderApp('/ops');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    fireEvent.click(screen.getByRole('link', { name: 'Verification queue' }));

    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Verification queue' }));
    assert.ok(screen.getByText(/approve or reject each verification request/));
    assert.ok(await screen.findByText('The verification queue is empty'));
    assert.equal(window.location.pathname, '/ops/verification');
    assert.equal(screen.getByRole('link', { name: 'Verification queue' }).getAttribute('aria-current'), 'page');
    assert.equal(document.title, 'Verification queue · Saathi Ops');
  });

  test('the browser back button returns to the previous area', async () => {
    fetchStub = signedInAs(reviewerUser);
    renderApp('/ops/inbox');
    await screen.findByRole('heading', { level: 1, name: 'Inbox' });

    fireEvent.click(screen.getByRole('link', { name: 'Audit log' }));
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });

    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Inbox' }));
  });

  test('the Members page shows an empty table with its columns', async () => {
    fetchStub = signedInAs(reviewerUser);
    renderApp('/ops/members');

    const table = await screen.findByRole('table', { name: 'Members' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    assert.deepEqual(headers, ['Name', 'Username', 'Email', 'Plan', 'Verified', 'Status', 'Joined', 'Actions']);
    assert.ok(await within(table).findByText('No members to show'));
    assert.ok(screen.getByText('Page 1 of 1'));
    assert.equal((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled, true);
    // Newest members first until the reviewer picks another order.
    assert.equal(within(table).getByRole('columnheader', { name: 'Joined' }).getAttribute('aria-sort'), 'descending');
  });

  test('clicking a column header changes the sort order shown', async () => {
    fetchStub = signedInAs(reviewerUser);
    renderApp('/ops/members');
    const table = await screen.findByRole('table', { name: 'Members' });

    fireEvent.click(within(table).getByRole('button', { name: 'Name' }));

    assert.equal(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort'), 'ascending');
    assert.equal(within(table).getByRole('columnheader', { name: 'Joined' }).getAttribute('aria-sort'), null);
  });

  test('signing out returns to the sign-in form', async () => {
    fetchStub = signedInAs(adminUser);
    renderApp('/ops');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }));

    assert.ok(await screen.findByRole('heading', { name: 'Sign in to the review console' }));
    assert.ok(fetchStub.requests.some((request) => request.method === 'POST' && request.pathname === '/api/ops/sign-out'));
  });

  test('when the session has already ended on the server, Sign out still leads to the sign-in form', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: adminUser } },
      'POST /api/ops/sign-out': { status: 401, body: { message: 'Not authenticated' } },
    });
    renderApp('/ops/audit');
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });

    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }));

    assert.ok(await screen.findByRole('heading', { name: 'Sign in to the review console' }));
  });
});
