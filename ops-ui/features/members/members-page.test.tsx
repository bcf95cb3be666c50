import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { fireEvent, screen, within } from '@testing-library/react';
import { cleanup, renderApp, reviewerUser, type StubbedFetch, stubFetch } from '../../test/render-app';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

const member = { id: 7, fullName: 'Asha Rao', username: 'asha', email: 'asha@example.test', tier: 'premium', isVerified: true, status: 'suspended', registeredAt: '2026-03-01T10:00:00.000Z' };

/** `total`: how many members match, so a page in the address exists (a page past the end moves to the last). */
function stub(total = 1, page = 1): StubbedFetch {
  return stubFetch({
    'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
    'GET /api/ops/members': { status: 200, body: { items: [member], total, page, pageSize: 25 } },
  });
}

const memberRequests = (s: StubbedFetch) => s.requests.filter((r) => r.pathname === '/api/ops/members').map((r) => r.search);

describe('members table', () => {
  test('opens with the search, filters, order and page of its address', async () => {
    fetchStub = stub(51, 3);
    renderApp('/ops/members?q=asha&status=suspended&sort=fullName&dir=asc&page=3');
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByRole('link', { name: 'Asha Rao' });
    assert.equal((screen.getByLabelText('Search') as HTMLInputElement).value, 'asha');
    assert.equal((screen.getByLabelText('Status') as HTMLSelectElement).value, 'suspended');
    assert.equal(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort'), 'ascending');
    assert.deepEqual(memberRequests(fetchStub), ['?q=asha&status=suspended&sort=name&dir=asc&page=3&pageSize=25']);
  });

  test('an email address reads whole and may wrap only after its "@" (not inside "example")', async () => {
    fetchStub = stub();
    renderApp('/ops/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    const cell = await within(table).findByText('asha@example.test');
    assert.equal(cell.innerHTML, 'asha@<wbr>example.test');
  });

  test('every column but the plan sorts from its header, into the address; names link to the member page', async () => {
    fetchStub = stub();
    renderApp('/ops/members');
    const table = await screen.findByRole('table', { name: 'Members' });
    await within(table).findByRole('link', { name: 'Asha Rao' });
    for (const [header, sort] of [['Username', 'username'], ['Email', 'email'], ['Verified', 'verified'], ['Status', 'status'], ['Name', 'name']] as const) {
      fireEvent.click(within(table).getByRole('button', { name: header }));
      await screen.findByRole('link', { name: 'Asha Rao' });
      assert.match(memberRequests(fetchStub).at(-1) ?? '', new RegExp(`sort=${sort}&`), header);
    }
    assert.equal(within(table).queryByRole('button', { name: 'Plan' }), null);
    assert.match(window.location.search, /sort=fullName/);
    assert.equal(within(table).getByRole('link', { name: 'Asha Rao' }).getAttribute('href'), '/ops/members/7');
  });
});
