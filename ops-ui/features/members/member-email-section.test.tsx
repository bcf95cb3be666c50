import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanup, renderApp, reviewerUser, type StubbedFetch, stubFetch } from '../../test/render-app';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

const bounced = {
  bouncedAt: '2026-11-20T09:15:00.000Z',
  bounceReason: '550 5.1.1 No such user here',
  lastSentAt: '2026-11-02T08:00:00.000Z',
  failures: [
    { id: 41, kind: 'notification', createdAt: '2026-11-20T09:14:00.000Z', attempts: 1, state: 'failed', failedAt: '2026-11-20T09:15:00.000Z', nextAttemptAt: null, error: 'address refused (hard bounce): 550 5.1.1 No such user here' },
    { id: 40, kind: 'password_reset', createdAt: '2026-11-19T18:00:00.000Z', attempts: 3, state: 'retrying', failedAt: null, nextAttemptAt: '2026-11-27T10:00:00.000Z', error: 'attempt 3 failed, retrying: 451 4.2.1 Mailbox busy' },
  ],
};

function detail(emailDelivery: unknown) {
  return {
    member: {
      id: 7, fullName: 'Meena Kulkarni', username: 'meena', email: 'meena@old-company.example', role: 'member', status: 'active', isDeleted: false, isVerified: false,
      tier: 'tryme', subscriptionTier: 'tryme', subscriptionEnds: null, registeredAt: '2026-03-01T10:00:00.000Z', emailConfirmedAt: '2026-03-01T10:05:00.000Z', lastActiveAt: null, twoFactor: false, language: 'hi',
    },
    profile: null,
    verification: [],
    reportsAbout: [],
    reportsBy: [],
    blocks: [],
    signIns: [],
    sessions: [],
    emailDelivery,
    audit: { items: [], total: 0 },
  };
}

describe('member page: email delivery', () => {
  test('shows the undeliverable mark, the server’s answer and the latest failures; a reviewer lifts the mark after confirming', async () => {
    let delivery: unknown = bounced;
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/members/7': () => ({ status: 200, body: detail(delivery) }),
      'GET /api/ops/members/7/billing': { status: 200, body: { subscriptions: [], invoices: [], oneOffPayments: [] } },
      'DELETE /api/ops/members/7/email-bounce': () => {
        delivery = { ...bounced, bouncedAt: null, bounceReason: null };
        return { status: 200, body: { message: 'Emails will be sent to this address again', id: 7 } };
      },
    });
    renderApp('/ops/members/7');
    const section = await screen.findByRole('region', { name: /Email delivery/ }, { timeout: 20_000 });
    assert.ok(within(section).getByText('Undeliverable'));
    assert.ok(within(section).getByText('550 5.1.1 No such user here'));
    const rows = within(within(section).getByRole('table', { name: 'Latest failed emails' })).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent ?? ''));
    assert.deepEqual(cells[0], ['Notification', 'Failed 1 attempt', 'address refused (hard bounce): 550 5.1.1 No such user here']);
    assert.equal(cells[1][0], 'Password reset');
    assert.match(cells[1][1], /^Retrying 3 attempts · next \S/);
    assert.equal(cells[1][2], 'attempt 3 failed, retrying: 451 4.2.1 Mailbox busy');

    fireEvent.click(within(section).getByRole('button', { name: 'Send email again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send email to meena@old-company.example again?' });
    assert.equal(fetchStub.requests.filter((r) => r.method === 'DELETE').length, 0, 'nothing happens before confirming');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send email again' }));
    assert.ok(await screen.findByText('Email will be sent to meena@old-company.example again.'));
    assert.equal(fetchStub.requests.filter((r) => r.method === 'DELETE' && r.pathname === '/api/ops/members/7/email-bounce').length, 1);
    await waitFor(() => assert.ok(within(screen.getByRole('region', { name: /Email delivery/ })).getByText('Deliverable')));
    assert.equal(within(screen.getByRole('region', { name: /Email delivery/ })).queryByRole('button', { name: 'Send email again' }), null);
  });

  test('a deliverable address with no failures says so and offers nothing to lift', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/members/7': { status: 200, body: detail({ bouncedAt: null, bounceReason: null, lastSentAt: null, failures: [] }) },
      'GET /api/ops/members/7/billing': { status: 200, body: { subscriptions: [], invoices: [], oneOffPayments: [] } },
    });
    renderApp('/ops/members/7');
    const section = await screen.findByRole('region', { name: /Email delivery/ }, { timeout: 20_000 });
    assert.ok(within(section).getByText('Deliverable'));
    assert.ok(within(section).getByText('No failed email.'));
    assert.equal(within(section).queryByRole('button'), null);
  });
});
