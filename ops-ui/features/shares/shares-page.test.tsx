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
  codePrefix: 'k3J9xQ2a',
  profileId: 12,
  owner: { id: 5, fullName: 'Farah Khan', username: 'farah.k' },
  createdAt: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-09T10:00:00.000Z',
  accessCount: 17,
  state: 'active',
  recordedViews: 17,
  recentViews: ['2026-03-05T09:00:00.000Z', '2026-03-04T09:00:00.000Z', '2026-03-03T09:00:00.000Z', '2026-03-02T12:00:00.000Z'],
};
const deactivatedLink = {
  ...farahLink,
  id: 40,
  profileId: 13,
  owner: { id: 6, fullName: 'Dev Patel', username: 'dev.p' },
  accessCount: 3,
  state: 'deactivated',
  codePrefix: 'Zz81_-aB',
  recordedViews: 0,
  recentViews: [],
};

/** Answers like the server: the state filter and the search (owner name or code start) narrow the rows. */
function listShares(request: RecordedRequest) {
  const state = request.searchParams.get('state');
  const q = request.searchParams.get('q')?.toLowerCase();
  const items = [farahLink, deactivatedLink].filter(
    (link) => (!state || link.state === state) && (!q || link.owner.fullName.toLowerCase().includes(q) || link.codePrefix.toLowerCase().startsWith(q)),
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
  test('lists every link with its id and code prefix, owner, dates, views, recent views and state', async () => {
    fetchStub = stubShares();
    renderApp('/ops/shares');

    const table = await screen.findByRole('table', { name: 'Share links' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    assert.deepEqual(headers, ['Link', 'Owner', 'Created', 'Expires', 'Views', 'Recent views', 'State', 'Actions']);
    assert.ok(await within(table).findByText('17'));
    assert.ok(within(table).getByText('#41'));
    assert.ok(within(table).getByText('k3J9xQ2a…'));
    assert.equal(within(table).getByRole('link', { name: 'Farah Khan' }).getAttribute('href'), '/ops/members/5');
    const recent = within(table).getByRole('list', { name: 'Recent views of link #41' });
    assert.equal(within(recent).getAllByRole('listitem').length, 4, 'three views and "14 earlier"');
    assert.ok(within(recent).getByText('14 earlier'));
    assert.ok(within(table).getByText('None recorded'));
    assert.ok(within(table).getByText('@dev.p · profile #13'));
    assert.ok(within(table).getByText('Deactivated'));
    assert.deepEqual(shareListRequests(fetchStub), ['?sort=created&dir=desc&page=1&pageSize=25']);
  });

  test('state, search and sorting by views go into the request, the CSV link and the address', async () => {
    fetchStub = stubShares();
    renderApp('/ops/shares');
    const table = await screen.findByRole('table', { name: 'Share links' });
    await screen.findByText('Showing 1–2 of 2');

    fireEvent.change(screen.getByLabelText('Find a link'), { target: { value: ' farah ' } });
    await screen.findByText('Showing 1–1 of 1');
    fireEvent.click(screen.getByRole('button', { name: 'Active' }));
    fireEvent.click(within(table).getByRole('button', { name: 'Views' }));
    assert.equal(within(table).getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort'), 'descending');

    const csv = screen.getByRole('link', { name: 'Export CSV' });
    assert.equal(csv.getAttribute('href'), '/api/ops/shares.csv?state=active&q=farah&sort=views&dir=desc');
    assert.equal(window.location.search, '?q=farah&state=active&sort=accessCount&dir=desc');
    assert.ok(csv.hasAttribute('download'));
    await screen.findByText('Showing 1–1 of 1');
    const searches = shareListRequests(fetchStub);
    assert.deepEqual(searches, [
      '?sort=created&dir=desc&page=1&pageSize=25',
      '?q=farah&sort=created&dir=desc&page=1&pageSize=25',
      '?state=active&q=farah&sort=created&dir=desc&page=1&pageSize=25',
      '?state=active&q=farah&sort=views&dir=desc&page=1&pageSize=25',
    ]);
  });

  test('opening the address again (reload, Back, a shared link) shows the same filters, order and page', async () => {
    // 26 matching links: page 2 exists.
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/shares': { status: 200, body: { items: [farahLink], total: 26, page: 2, pageSize: 25 } },
    });
    renderApp('/ops/shares?q=k3J9&state=active&sort=accessCount&dir=asc&page=2');
    const table = await screen.findByRole('table', { name: 'Share links' });
    assert.equal((screen.getByLabelText('Find a link') as HTMLInputElement).value, 'k3J9');
    assert.equal(screen.getByRole('button', { name: 'Active' }).getAttribute('aria-pressed'), 'true');
    assert.equal(within(table).getByRole('columnheader', { name: 'Views' }).getAttribute('aria-sort'), 'ascending');
    await screen.findByText('Page 2 of 2');
    assert.deepEqual(shareListRequests(fetchStub), ['?state=active&q=k3J9&sort=views&dir=asc&page=2&pageSize=25']);
  });

  test('a page past the end in the address moves to the last page', async () => {
    fetchStub = stubShares();
    renderApp('/ops/shares?page=9');
    await screen.findByText('Showing 1–2 of 2');
    await screen.findByText('Page 1 of 1');
    assert.equal(new URLSearchParams(window.location.search).get('page'), null);
    assert.deepEqual(shareListRequests(fetchStub), ['?sort=created&dir=desc&page=9&pageSize=25', '?sort=created&dir=desc&page=1&pageSize=25']);
  });

  test('Deactivate asks for confirmation, then posts and confirms', async () => {
    fetchStub = stubShares();
    renderApp('/ops/shares');
    const table = await screen.findByRole('table', { name: 'Share links' });

    fireEvent.click(await within(table).findByRole('button', { name: 'Deactivate link #41 of Farah Khan' }));
    assert.ok(await screen.findByText(/link #41 \(code k3J9xQ2a…\) of Farah Khan/));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this share link?' });
    assert.equal(fetchStub.requests.filter((request) => request.method === 'POST').length, 0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate link' }));

    assert.ok(await within(dialog).findByText('Write the reason the owner will read'), 'a reason is required');
    assert.equal(fetchStub.requests.filter((request) => request.method === 'POST').length, 0);
    fireEvent.change(within(dialog).getByLabelText('Reason for the owner'), { target: { value: 'Posted on a public forum' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate link' }));

    assert.ok(await screen.findByText('Link #41 of Farah Khan is deactivated; they were told why.'));
    const posts = fetchStub.requests.filter((request) => request.method === 'POST');
    assert.deepEqual(posts.map((request) => request.pathname), ['/api/ops/shares/41/deactivate']);
    assert.deepEqual(JSON.parse(posts[0]?.bodyText ?? '{}'), { reason: 'Posted on a public forum' });
    // Only the active link offers deactivation.
    assert.equal(within(table).getAllByRole('button', { name: /^Deactivate link/ }).length, 1);
  });
});
