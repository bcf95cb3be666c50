import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { screen, within } from '@testing-library/react';
import { cleanup, renderApp, reviewerUser, type StubbedFetch, stubFetch } from '../../test/render-app';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

function detail(signIns: unknown[]) {
  return {
    member: {
      id: 9, fullName: 'Rahul Bose', username: 'rahul', email: 'rahul@example.test', role: 'member', status: 'active', isDeleted: false, isVerified: false,
      tier: 'tryme', subscriptionTier: 'tryme', subscriptionEnds: null, registeredAt: '2026-03-01T10:00:00.000Z', emailConfirmedAt: '2026-03-01T10:05:00.000Z', lastActiveAt: null, twoFactor: false, language: 'hi',
    },
    profile: null,
    verification: [],
    reportsAbout: [],
    reportsBy: [],
    blocks: [],
    signIns,
    sessions: [],
    emailDelivery: { bouncedAt: null, bounceReason: null, lastSentAt: null, failures: [] },
    audit: { items: [], total: 0 },
  };
}

function stub(signIns: unknown[]) {
  return stubFetch({
    'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
    'GET /api/ops/members/9': { status: 200, body: detail(signIns) },
    'GET /api/ops/members/9/billing': { status: 200, body: { subscriptions: [], invoices: [], oneOffPayments: [] } },
  });
}

describe('member page: sign-in history', () => {
  test('lists each attempt with its outcome, the reason of a failure, the device and the address', async () => {
    fetchStub = stub([
      { id: 3, at: '2026-12-06T21:04:00.000Z', outcome: 'success', reason: null, form: 'member', device: 'Safari on iPhone', userAgent: 'Mozilla/5.0 (iPhone…)', ip: '203.0.113.7' },
      { id: 2, at: '2026-12-06T21:03:00.000Z', outcome: 'failure', reason: 'invalid', form: 'member', device: 'Chrome on Windows', userAgent: 'Mozilla/5.0 (Windows…)', ip: '198.51.100.23' },
      { id: 1, at: '2026-12-01T08:00:00.000Z', outcome: 'refused', reason: 'suspended', form: 'member', device: 'Chrome on Android', userAgent: null, ip: null },
    ]);
    renderApp('/ops/members/9');
    const section = await screen.findByRole('region', { name: /Sign-in history/ }, { timeout: 20_000 });
    assert.ok(within(section).getByText(/2 of 3 attempts did not sign in/));
    const rows = within(within(section).getByRole('table', { name: 'Sign-in history' })).getAllByRole('row').slice(1);
    const cells = rows.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent ?? ''));
    assert.deepEqual(cells, [
      ['Signed in', 'Safari on iPhone', '203.0.113.7', 'Member app'],
      ['Failed wrong password', 'Chrome on Windows', '198.51.100.23', 'Member app'],
      ['Refused account suspended or banned', 'Chrome on Android', '—', 'Member app'],
    ]);
  });

  test('says when nothing was recorded', async () => {
    fetchStub = stub([]);
    renderApp('/ops/members/9');
    const section = await screen.findByRole('region', { name: /Sign-in history/ }, { timeout: 20_000 });
    assert.ok(within(section).getByText('No sign-in attempts recorded.'));
  });

  test("shows the member's language, named in itself (the console stays English)", async () => {
    fetchStub = stub([]);
    renderApp('/ops/members/9');
    const language = await screen.findByText('Language', {}, { timeout: 20_000 });
    assert.equal(language.nextElementSibling?.textContent, 'हिन्दी');
  });
});
