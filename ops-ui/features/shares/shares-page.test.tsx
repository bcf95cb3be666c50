import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  cleanup,
  type RecordedRequest,
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

const farahLink = {
  id: 41,
  profileId: 12,
  owner: { id: 5, fullName: 'Farah Khan', username: 'farah.k' },
  createdAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-09T10:00:00.000Z',
  accessCount: 17,
  state: 'active',
};
const deactivatedLink = {
  ...farahLink,
  id: 40,
  profileId: 13,
  owner: { id: 6, fullName: 'Dev Patel', username: 'dev.p' },
  accessCount: 3,
  state: 'deactivated',
};

/** Answers like the server: the owner and state filters narrow the rows. */
function listShares(request: RecordedRequest) {
  const state = request.searchParams.get('state');
  const owner = request.searchParams.get('owner')?.toLowerCase();
  const items = [farahLink, deactivatedLink].filter(
    (link) => (!state || link.state === state) && (!owner || link.owner.fullName.toLowerCase().includes(owner)),
  );
  return { status: 200, body: { items, total: items.length, page: 1, pageSize: 25 } };
}

function stubShares(): StubbedFetch {
  return stubFetch({
    'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
    'GET /api/ops/shares': listShares,
    'POST /api/ops/shares/41/deactivate': { status: 200, body: { message: 'Share link deactivated', id: 41 } },
  });
}

function shareListRequests(stub: StubbedFetch): string[] {
  return stub.requests.filter((request) => request.pathname === '/api/ops/shares').map((request) => request.search);
}

describe('share links table', () => {
  test('lists every link with profile, owner, dates, views and state', async () => {
    fetchStub = stubShares();
    renderApp('/ops/shares');

    const table = await screen.findByRole('table', { name: 'Share links' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    assert.deepEqual(headers, ['Profile', 'Owner', 'Created', 'Expires', 'Views', 'State', 'Actions']);
    assert.ok(await within(table).findByText('17'));
    assert.ok(within(table).getByText('Farah Khan'));
    assert.ok(within(table).getByText('@dev.p'));
    assert.ok(within(table).getByText('Deactivated'));
    assert.deepEqual(shareListRequests(fetchStub), ['?sort=created&dir=desc&page=1&pageSize=25']);
  });

  test('state and owner filters and sorting by views go into the query string and the CSV link', async () => {
    fetchStub = stubShares();
    renderApp('/ops/shares');
    const table = await screen.findByRole('table', { name: 'Share links' });
    await screen.findByText('Showing 1–2 of 2');

    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: ' farah ' } });
    await screen.findByText('Showing 1–1 of 1');
    fireEvent.click(screen.getByRole('button', { name: 'Active' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Views' }));
    assert.equal(within(table).getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort'), 'descending');

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    assert.equal(csv.getAttribute('href'), '/api/ops/shares.csv?state=active&owner=farah&sort=views&dir=desc');
    assert.ok(csv.hasAttribute('download'));
    await screen.findByText('Showing 1–1 of 1');
    const searches = shareListRequests(fetchStub);
    assert.deepEqual(searches, [
      '?sort=created&dir=desc&page=1&pageSize=25',
      '?owner=farah&sort=created&dir=desc&page=1&pageSize=25',
      '?state=active&owner=farah&sort=created&dir=desc&page=1&pageSize=25',
      '?state=active&owner=farah&sort=views&dir=desc&page=1&pageSize=25',
    ]);
  });

  test('Deactivate asks for confirmation, then posts and confirms', async () => {
    fetchStub = stubShares();
    renderApp('/ops/shares');
    const table = await screen.findByRole('table', { name: 'Share links' });

    fireEvent.click(await within(table).findByRole('button', { name: 'Deactivate link #41 of Farah Khan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this share link?' });
    assert.equal(fetchStub.requests.filter((request) => request.method === 'POST').length, 0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate link' }));

    assert.ok(await screen.findByText('Link #41 of Farah Khan is deactivated.'));
    const posts = fetchStub.requests.filter((request) => request.method === 'POST').map((request) => request.pathname);
    assert.deepEqual(posts, ['/api/ops/shares/41/deactivate']);
    // Only the active link offers deactivation.
    assert.equal(within(table).getAllByRole('button', { name: /^Deactivate link/ }).length, 1);
  });
});
