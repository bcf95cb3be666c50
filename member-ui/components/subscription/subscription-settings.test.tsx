import '../../test/setup-dom';
import { screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import type { SessionUser } from '../../../contracts/auth';
import { buildSessionUser } from '../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../test/fetch-stub';
import type { BillingView } from '../../lib/subscription/billing';
import { buildCatalogue } from '../../features/subscription/test-support/build-catalogue';

const { cleanupApp, fakeServer, renderApp } = await import('../../test/render-app');

/** The browser's EventSource as the app uses it, driven by the test (the server's stream is tested server-side). */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(kind: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server sent `event: kind` with this data. */
  send(kind: string, data: unknown) {
    for (const listener of this.listeners.get(kind) ?? []) listener(new MessageEvent(kind, { data: JSON.stringify(data) }));
  }
}

const original = (globalThis as { EventSource?: unknown }).EventSource;
beforeEach(() => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  window.history.replaceState(null, '', '/settings?tab=subscription');
});
afterEach(() => {
  cleanupApp();
  (globalThis as { EventSource?: unknown }).EventSource = original;
  window.history.replaceState(null, '', '/');
});

/** The upgrade asks before charging: the dialog says what is charged, to which card, and the new price. */
async function confirmUpgrade() {
  const dialog = within(await screen.findByRole('alertdialog', { name: 'Upgrade to Elite now?' }));
  dialog.getByText(
    'You move to Elite at once. The difference for the rest of this period (at most US$15) is charged now to Visa ending in 4242. From 1 December 2026 it renews at US$29.99 a month.',
  );
  dialog.getByRole('button', { name: 'Upgrade now' }).click();
}

type Sub = NonNullable<BillingView['subscription']>;
function billing(sub: Partial<Sub>, invoices: BillingView['invoices'] = []): BillingView {
  return {
    subscription: {
      provider: 'demo', tier: 'elite', planName: 'Elite', price: '29.99', currency: 'usd', status: 'active',
      currentPeriodStart: '2026-11-01T10:00:00.000Z', currentPeriodEnd: '2026-12-01T10:00:00.000Z', renewsAt: '2026-12-01T10:00:00.000Z', endsAt: null,
      cancelAtPeriodEnd: false, pendingTier: null, graceUntil: null, paymentMethod: { brand: 'Visa', last4: '0341' }, ...sub,
    },
    invoices,
  };
}

/** A member on Settings → Plan whose billing view and session the test changes between requests. */
function planPage(state: { view: BillingView; user: SessionUser }, extra?: (request: RecordedRequest) => Response | undefined) {
  return renderApp(
    '/settings?tab=subscription',
    fakeServer({
      user: state.user,
      handle: (request) => {
        const custom = extra?.(request);
        if (custom) return custom;
        if (request.url.pathname === '/api/auth/user') return jsonResponse(200, state.user);
        if (request.url.pathname === '/api/subscriptions') return jsonResponse(200, buildCatalogue());
        if (request.url.pathname === `/api/subscriptions/${state.user.id}/current`) return jsonResponse(200, state.view);
        return undefined;
      },
    }),
  );
}

test('a failed renewal pushed on the live stream shows on an open Settings → Plan without a reload', async () => {
  const state = { view: billing({}), user: buildSessionUser({ subscriptionTier: 'elite', subscriptionEnds: '2026-12-01T10:00:00.000Z' }) };
  const { fetchStub } = planPage(state);
  const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
  await plan.findByText(/Renews on/);
  await waitFor(() => assert.equal(FakeEventSource.instances.length, 1, 'the app opened its event stream'));
  const stream = FakeEventSource.instances[0];
  assert.equal(stream.url, '/api/events');

  // The renewal was declined on the server: the stream says so, the page reads the new state.
  // The grace period ends a week from the real clock (the page compares it with now: a fixed date would expire).
  const graceUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();
  state.view = billing({ status: 'past_due', graceUntil, renewsAt: '2026-12-31T10:00:00.000Z', currentPeriodStart: '2026-12-01T10:00:00.000Z', currentPeriodEnd: '2026-12-31T10:00:00.000Z' });
  const sessionReads = fetchStub.callsTo('GET', '/api/auth/user').length;
  stream.send('subscription', { subscriptionTier: 'elite', subscriptionEnds: graceUntil, status: 'past_due', tier: 'elite' });
  await plan.findByText('Payment failed', undefined, { timeout: 5000 });
  assert.match(plan.getByRole('alert').textContent ?? '', /Your last renewal payment failed\. You keep Elite until/);
  await waitFor(() => assert.ok(fetchStub.callsTo('GET', '/api/auth/user').length > sessionReads, 'the session (the tier features are gated on) is read again'));

  // Paid again elsewhere (another tab, the hosted invoice page): back to active, live.
  state.view = billing({ status: 'active', renewsAt: '2026-12-31T10:00:00.000Z', currentPeriodStart: '2026-12-01T10:00:00.000Z', currentPeriodEnd: '2026-12-31T10:00:00.000Z' });
  const reads = fetchStub.callsTo('GET', `/api/subscriptions/${state.user.id}/current`).length;
  stream.send('subscription', { subscriptionTier: 'elite', subscriptionEnds: '2026-12-31T10:00:00.000Z', status: 'active', tier: 'elite' });
  await waitFor(() => assert.ok(fetchStub.callsTo('GET', `/api/subscriptions/${state.user.id}/current`).length > reads, 'the billing view is read again'), { timeout: 5000 });
  await waitFor(() => assert.equal(plan.queryByText('Payment failed'), null, 'no longer past due'), { timeout: 5000 });
  await plan.findByText(/Renews on/);
});

test('a pending switch to a cheaper plan shows with its date and can be undone ("Keep Elite")', async () => {
  const pending = billing({ provider: 'stripe', pendingTier: 'premium' });
  const state = { view: pending, user: buildSessionUser({ subscriptionTier: 'elite', subscriptionEnds: '2026-12-01T10:00:00.000Z' }) };
  const { fetchStub } = planPage(state, (request) =>
    request.method === 'POST' && request.url.pathname === `/api/subscriptions/${state.user.id}/change`
      ? jsonResponse(200, { effective: 'now', amountCents: 0, ...billing({ provider: 'stripe' }) })
      : undefined,
  );
  const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
  const notice = await plan.findByText(/Switching to/);
  assert.match(notice.closest('p')?.textContent ?? '', /Switching to Premium on .*2026: you keep Elite until then, and the renewal is charged at the Premium price\./);
  assert.equal(plan.queryByRole('button', { name: /Switch to Premium/ }), null, 'the pending plan is not offered again');
  plan.getByRole('button', { name: 'Keep Elite' }).click();
  await plan.findByText(/Renews on/, undefined, { timeout: 5000 });
  assert.equal(plan.queryByText(/Switching to/), null);
  assert.deepEqual(JSON.parse(fetchStub.callsTo('POST', `/api/subscriptions/${state.user.id}/change`)[0].body), { tier: 'elite' });
  await screen.findByText('You stay on Elite');
});

test('an upgrade asks first, says what was charged now (the prorated invoice), and a declined one says nothing changed', async () => {
  const state = { view: billing({ tier: 'premium', planName: 'Premium', price: '14.99', paymentMethod: { brand: 'Visa', last4: '4242' } }), user: buildSessionUser({ subscriptionTier: 'premium' }) };
  let declines = false;
  planPage(state, (request) => {
    if (request.method !== 'POST' || request.url.pathname !== `/api/subscriptions/${state.user.id}/change`) return undefined;
    if (declines) return jsonResponse(402, { message: 'Your card ending in 4242 was declined, so nothing has changed: you are still on Premium.', code: 'card_declined' });
    return jsonResponse(200, { effective: 'now', amountCents: 750, charged: { amount: '7.50', currency: 'usd', invoiceId: 'in_up' }, ...billing({ paymentMethod: { brand: 'Visa', last4: '4242' } }) });
  });
  const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
  declines = true;
  (await plan.findByRole('button', { name: 'Upgrade to Elite now' })).click();
  // "Not now" charges nothing.
  within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Not now' }).click();
  await waitFor(() => assert.equal(screen.queryByRole('alertdialog'), null));
  plan.getByRole('button', { name: 'Upgrade to Elite now' }).click();
  await confirmUpgrade();
  await screen.findByText('Your card ending in 4242 was declined, so nothing has changed: you are still on Premium.', undefined, { timeout: 5000 });
  declines = false;
  plan.getByRole('button', { name: 'Upgrade to Elite now' }).click();
  await confirmUpgrade();
  await screen.findByText('You are now on Elite', undefined, { timeout: 5000 });
  assert.ok(screen.getByText('US$7.50 charged now to Visa ending in 4242 for the rest of this period.'));
});

test('with Stripe, a cheaper plan is offered for the renewal (not refused any more)', async () => {
  const state = { view: billing({ provider: 'stripe' }), user: buildSessionUser({ subscriptionTier: 'elite', subscriptionEnds: '2026-12-01T10:00:00.000Z' }) };
  planPage(state);
  const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
  assert.ok(await plan.findByRole('button', { name: 'Switch to Premium at renewal' }));
});

test('past due with Stripe: "Pay with another card" opens the Payment Element on the open invoice and confirms it', async () => {
  const { stripeLoader } = await import('../../features/subscription/components/stripe-payment');
  const confirms: Record<string, unknown>[] = [];
  const elementsOptions: unknown[] = [];
  const element = () => ({
    mount() {}, destroy() {}, update() {}, unmount() {}, off() {},
    on(event: string, handler: (payload: unknown) => void) {
      if (event === 'ready') setTimeout(() => handler({ elementType: 'payment' }), 0);
    },
  });
  const fakeStripeJs = {
    elements(options: unknown) {
      elementsOptions.push(options);
      return { create: element, update() {}, getElement: () => null };
    },
    createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
    async confirmPayment(options: Record<string, unknown>) {
      confirms.push(options);
      return { paymentIntent: { id: 'pi_renewal', status: 'succeeded' } };
    },
  };
  const loads: string[] = [];
  stripeLoader.load = async (key: string) => {
    loads.push(key);
    return fakeStripeJs as never;
  };
  const grace = new Date(Date.now() + 5 * 86_400_000).toISOString();
  const state = { view: billing({ provider: 'stripe', status: 'past_due', graceUntil: grace }), user: buildSessionUser({ subscriptionTier: 'elite', subscriptionEnds: grace }) };
  const { fetchStub } = planPage(state, (request) => {
    if (request.url.pathname === '/api/subscriptions') return jsonResponse(200, buildCatalogue({ provider: 'stripe', publishableKey: 'pk_test_saathi' }));
    if (request.method === 'POST' && request.url.pathname === `/api/subscriptions/${state.user.id}/pay`) {
      return jsonResponse(200, { provider: 'stripe', invoiceId: 'in_renewal', clientSecret: 'pi_renewal_secret_abc', paymentIntentId: 'pi_renewal', amount: '29.99', currency: 'usd' });
    }
    return undefined;
  });
  const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
  assert.match((await plan.findByRole('alert')).textContent ?? '', /You keep Elite until/);
  assert.ok(plan.getByText(/Or pay the unpaid invoice on Stripe's page/));
  assert.equal(loads.length, 0, 'Stripe.js is not loaded until the member chooses to pay');
  plan.getByRole('button', { name: 'Pay with another card' }).click();
  const pay = (await plan.findByRole('button', { name: 'Pay US$29.99 now' }, { timeout: 5000 })) as HTMLButtonElement;
  assert.deepEqual(loads, ['pk_test_saathi']);
  assert.equal((elementsOptions[0] as { clientSecret: string }).clientSecret, 'pi_renewal_secret_abc', "the open invoice's PaymentIntent");
  await waitFor(() => assert.equal(pay.disabled, false, 'enabled once the Payment Element is ready'));
  const reads = fetchStub.callsTo('GET', `/api/subscriptions/${state.user.id}/current`).length;
  state.view = billing({ provider: 'stripe' });
  pay.click();
  await screen.findByText('Payment received', undefined, { timeout: 5000 });
  assert.equal(confirms.length, 1);
  assert.match(String((confirms[0].confirmParams as { return_url: string }).return_url), /\/settings\?tab=subscription$/);
  await waitFor(() => assert.ok(fetchStub.callsTo('GET', `/api/subscriptions/${state.user.id}/current`).length > reads, 'the plan is read again'), { timeout: 5000 });
  await plan.findByText(/Renews on/, undefined, { timeout: 5000 });
});

test('another subscription that still bills (from before one per member) is shown, and cancelling ends it too', async () => {
  const extra = { ...billing({ tier: 'premium', planName: 'Premium', price: '14.99', renewsAt: '2026-12-05T10:00:00.000Z' }).subscription } as NonNullable<BillingView['subscription']>;
  const state = { view: { ...billing({}), others: [extra] }, user: buildSessionUser({ subscriptionTier: 'elite', subscriptionEnds: '2026-12-01T10:00:00.000Z' }) };
  const { fetchStub } = planPage(state, (request) =>
    request.method === 'POST' && request.url.pathname === `/api/subscriptions/${state.user.id}/cancel`
      ? jsonResponse(200, { ...billing({ cancelAtPeriodEnd: true, renewsAt: null, endsAt: '2026-12-01T10:00:00.000Z' }), others: [{ ...extra, cancelAtPeriodEnd: true, renewsAt: null, endsAt: '2026-12-05T10:00:00.000Z' }] })
      : undefined,
  );
  const plan = within(await screen.findByRole('region', { name: 'Your plan' }));
  const others = within(await plan.findByRole('note', { name: 'Other subscriptions' }));
  assert.match(others.getByRole('listitem').textContent ?? '', /^Premium · US\$14\.99 a month · renews on 5 December 2026$/);
  others.getByText('Cancelling your subscription, or changing your plan, ends it at the end of the period already paid.');
  plan.getByRole('button', { name: 'Cancel subscription' }).click();
  within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel at period end' }).click();
  await waitFor(() => assert.equal(fetchStub.callsTo('POST', `/api/subscriptions/${state.user.id}/cancel`).length, 1));
  await waitFor(() => assert.match(within(plan.getByRole('note', { name: 'Other subscriptions' })).getByRole('listitem').textContent ?? '', /ends on 5 December 2026$/));
});
