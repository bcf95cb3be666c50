import '../../../test/setup-dom';
import { screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';
import type { BillingView } from '../../../lib/subscription/billing';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');
afterEach(cleanupApp);

function view(sub: Partial<NonNullable<BillingView['subscription']>>, extra: Partial<BillingView> = {}): BillingView {
  return {
    subscription: {
      provider: 'stripe', tier: 'elite', planName: 'Elite', price: '29.99', currency: 'usd', status: 'active', currentPeriodStart: '2026-12-07T10:00:00.000Z',
      currentPeriodEnd: '2027-01-07T10:00:00.000Z', renewsAt: '2027-01-07T10:00:00.000Z', endsAt: null, cancelAtPeriodEnd: false, pendingTier: null, graceUntil: null,
      paymentMethod: { brand: 'Mastercard', last4: '4444' }, ...sub,
    },
    others: [],
    freePremiumUntil: null,
    invoices: [],
    ...extra,
  };
}

test('a first-500 member who bought Elite: the plan, renewal date, amount and receipt, and the free Premium year that goes on', async () => {
  const user = buildSessionUser({ subscriptionTier: 'elite', isFirst500: true });
  const paid = {
    id: 'in_1', tier: 'elite', reason: 'subscription_create', amount: '29.99', currency: 'usd', status: 'paid', periodStart: '2026-12-07T10:00:00.000Z',
    periodEnd: '2027-01-07T10:00:00.000Z', paidAt: '2026-12-07T10:00:05.000Z', receiptUrl: 'https://invoice.stripe.com/i/in_1',
  };
  renderApp(
    '/subscription/confirmed?tier=elite',
    fakeServer({ user, handle: (r) => (r.url.pathname === `/api/subscriptions/${user.id}/current` ? jsonResponse(200, view({}, { freePremiumUntil: '2027-09-01T08:00:00.000Z', invoices: [paid] })) : undefined) }),
  );
  assert.ok(await screen.findByRole('heading', { name: "You're on Elite" }));
  const facts = Object.fromEntries([...document.querySelectorAll('.confirmation__facts > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
  assert.deepEqual(facts, { Plan: 'Elite · US$29.99 / month', 'Paid today': 'US$29.99', 'Renews on': '7 January 2027', Card: 'Mastercard ending in 4444' });
  assert.equal(screen.getByRole('link', { name: /View your receipt/ }).getAttribute('href'), 'https://invoice.stripe.com/i/in_1');
  assert.ok(screen.getByText("Your free Premium year goes on: when Elite ends, you're back on Premium until 1 September 2027."));
  assert.ok(screen.getByRole('link', { name: 'Start exploring' }));
  assert.ok(screen.getByRole('button', { name: 'Settings → Plan' }));
  assert.equal(screen.queryByText(/no card was charged/), null, 'a real payment');
});

test('while the payment is still being confirmed it says so, and shows the plan once it is active; no receipt yet reads "on its way"', async () => {
  const user = buildSessionUser({ subscriptionTier: 'tryme' });
  let current = view({ status: 'incomplete', renewsAt: null });
  const { fetchStub } = renderApp(
    '/subscription/confirmed?tier=elite',
    fakeServer({ user, handle: (r) => (r.url.pathname === `/api/subscriptions/${user.id}/current` ? jsonResponse(200, current) : undefined) }),
  );
  assert.ok(await screen.findByRole('heading', { name: 'Confirming your payment' }));
  current = view({ provider: 'demo' });
  assert.ok(await screen.findByRole('heading', { name: "You're on Elite" }, { timeout: 6000 }));
  assert.ok(fetchStub.callsTo('GET', `/api/subscriptions/${user.id}/current`).length >= 2, 'asked again');
  assert.ok(screen.getByText(`Your receipt is on its way to ${user.email}.`));
  assert.ok(screen.getByText(/Demo payment: no card was charged\./));
  await waitFor(() => assert.equal(screen.queryByRole('heading', { name: 'Confirming your payment' }), null));
});
