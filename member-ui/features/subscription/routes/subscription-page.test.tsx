import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';
import { buildCatalogue } from '../test-support/build-catalogue';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

function plansApi(extra?: (request: RecordedRequest) => Response | Promise<Response> | undefined) {
  return (request: RecordedRequest) => {
    const custom = extra?.(request);
    if (custom) return custom;
    if (request.method === 'GET' && request.url.pathname === '/api/subscriptions') return jsonResponse(200, buildCatalogue());
    return undefined;
  };
}

function planCard(name: string) {
  return within(screen.getByRole('article', { name }));
}

test('a tryme member sees the three plans, Tryme as the disabled current plan, and the renewal footer', async () => {
  renderApp('/subscription', fakeServer({ user: buildSessionUser({ subscriptionTier: 'tryme' }), handle: plansApi() }));
  assert.ok(await screen.findByRole('heading', { name: 'Subscription Plans' }));
  assert.ok(screen.getByText('Upgrade Your Experience'));
  await screen.findByRole('article', { name: 'Tryme' });

  assert.match(screen.getByRole('status').textContent ?? '', /Your current plan: Tryme/);
  const current = planCard('Tryme').getByRole('button', { name: 'Current Plan' }) as HTMLButtonElement;
  assert.equal(current.disabled, true);
  assert.ok(planCard('Tryme').getByText('Basic features to get started'));
  assert.ok(planCard('Tryme').getByText('Free'), 'Tryme is free: no price, never "$1.00"');
  assert.equal(planCard('Tryme').queryByText(/\$|\/ month/), null);

  assert.ok(planCard('Premium').getByText('Popular'));
  assert.ok(planCard('Premium').getByText('US$14.99'));
  assert.ok(planCard('Premium').getByText('/ month'));
  assert.ok(planCard('Premium').getByText('See who liked your profile'));
  assert.equal((planCard('Premium').getByRole('button', { name: 'Upgrade Now' }) as HTMLButtonElement).disabled, false);
  assert.ok(planCard('Elite').getByRole('button', { name: 'Get Elite' }));
  assert.ok(planCard('Elite').getByText('US$29.99'));
  assert.equal(screen.getAllByRole('button', { name: 'Current Plan' }).length, 1);

  assert.equal(screen.queryByRole('note', { name: 'Free Premium year' }), null, 'the launch-offer banner is for premium and elite only');
  assert.match(screen.getByText(/^Paid plans renew every month until you cancel\./).textContent ?? '', /cancelled plan runs to the end of the month you paid for/);
  assert.ok(screen.getByText(/no card is ever charged/), 'demo provider says so');
});

test('a first-500 premium member sees until when Premium is free, and that buying Elite keeps the year, before paying', async () => {
  const user = buildSessionUser({ subscriptionTier: 'premium', isFirst500: true, subscriptionEnds: '2027-03-12T10:00:00.000Z' });
  renderApp(
    '/subscription',
    fakeServer({
      user,
      handle: plansApi((request) =>
        request.url.pathname === `/api/subscriptions/${user.id}/current` ? jsonResponse(200, { subscription: null, others: [], freePremiumUntil: '2027-03-12T10:00:00.000Z', invoices: [] }) : undefined,
      ),
    }),
  );
  await screen.findByRole('article', { name: 'Premium' });
  const banner = await screen.findByRole('note', { name: 'Free Premium year' });
  await waitFor(() =>
    assert.equal(
      banner.textContent,
      "Free Premium until 12 March 2027: you're one of our first 500 members." +
        "Buying Elite keeps this year: Elite starts at once, and when it ends you're back on free Premium until 12 March 2027.",
    ),
  );
  assert.match(screen.getByRole('status').textContent ?? '', /Your current plan: Premium · active until 12 March 2027/);
  assert.ok(planCard('Premium').getByRole('button', { name: 'Current Plan' }));
  assert.ok(planCard('Tryme').getByRole('button', { name: 'Tryme Now' }));
  assert.ok(planCard('Elite').getByRole('button', { name: 'Get Elite' }));
});

test('a first-500 member who bought Elite is told the free Premium year comes back when Elite ends', async () => {
  const user = buildSessionUser({ subscriptionTier: 'elite', isFirst500: true, subscriptionEnds: '2026-12-27T10:00:00.000Z' });
  renderApp(
    '/subscription',
    fakeServer({
      user,
      handle: plansApi((request) =>
        request.url.pathname === `/api/subscriptions/${user.id}/current` ? jsonResponse(200, { subscription: null, others: [], freePremiumUntil: '2027-03-12T10:00:00.000Z', invoices: [] }) : undefined,
      ),
    }),
  );
  const banner = await screen.findByRole('note', { name: 'Free Premium year' });
  await waitFor(() => assert.match(banner.textContent ?? '', /You're on Elite now\. When Elite ends, you're back on free Premium until 12 March 2027\.$/));
});

test('an elite member who paid (not first 500) gets no banner', async () => {
  renderApp('/subscription', fakeServer({ user: buildSessionUser({ subscriptionTier: 'elite', isFirst500: false }), handle: plansApi() }));
  await screen.findByRole('article', { name: 'Elite' });
  assert.ok(planCard('Elite').getByRole('button', { name: 'Current Plan' }));
  assert.equal(screen.queryByRole('note', { name: 'Free Premium year' }), null);
});

test('choosing a paid plan goes to /checkout with that tier', async () => {
  const { router } = renderApp(
    '/subscription',
    fakeServer({ user: buildSessionUser(), handle: plansApi((r) => (r.method === 'POST' ? new Promise<Response>(() => {}) : undefined)) }),
  );
  await screen.findByRole('article', { name: 'Elite' });
  fireEvent.click(planCard('Elite').getByRole('button', { name: 'Get Elite' }));
  await waitFor(() => assert.equal(router.state.location.pathname, '/checkout'));
  assert.deepEqual({ ...router.state.location.search }, { tier: 'elite' });
});

test('moving down to Tryme asks first, posts tier tryme, toasts and goes home', async () => {
  const { router, fetchStub } = renderApp(
    '/subscription',
    fakeServer({
      user: buildSessionUser({ subscriptionTier: 'premium' }),
      handle: plansApi((r) =>
        r.method === 'POST' && r.url.pathname === '/api/subscriptions/7'
          ? jsonResponse(200, { tier: 'tryme', price: '0.00', clientSecret: null, completed: true })
          : undefined,
      ),
    }),
  );
  await screen.findByRole('article', { name: 'Tryme' });
  fireEvent.click(planCard('Tryme').getByRole('button', { name: 'Tryme Now' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Tryme?' });
  assert.match(dialog.textContent ?? '', /Nothing is charged/);
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 0, 'nothing changes before confirming');

  fireEvent.click(within(dialog).getByRole('button', { name: 'Switch to Tryme' }));
  assert.ok(await screen.findByText('Subscription Updated'));
  assert.ok(screen.getByText('Your subscription has been successfully updated'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
  const [call] = fetchStub.callsTo('POST', '/api/subscriptions/7');
  assert.deepEqual(JSON.parse(call?.body ?? '{}'), { tier: 'tryme' });
  assert.ok(fetchStub.callsTo('GET', '/api/auth/user').length >= 2, 'the session is fetched again');
});

test('keeping the plan closes the dialog without a request', async () => {
  const { fetchStub } = renderApp('/subscription', fakeServer({ user: buildSessionUser({ subscriptionTier: 'elite' }), handle: plansApi() }));
  await screen.findByRole('article', { name: 'Tryme' });
  fireEvent.click(planCard('Tryme').getByRole('button', { name: 'Tryme Now' }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Elite' }));
  await waitFor(() => assert.equal(screen.queryByRole('alertdialog'), null));
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 0);
});

test('a visitor is sent to /login', async () => {
  const { router } = renderApp('/subscription', fakeServer({ user: null, handle: plansApi() }));
  await waitFor(() => assert.equal(router.state.location.pathname, '/login'));
});

test('a subscriber changes plan in Settings → Plan: the other paid plans read "Switch to" or "Upgrade to", not a second checkout', async () => {
  const user = buildSessionUser({ subscriptionTier: 'elite', subscriptionEnds: '2026-12-27T10:00:00.000Z' });
  const { fetchStub, router } = renderApp(
    '/subscription',
    fakeServer({
      user,
      handle: plansApi((request) =>
        request.url.pathname === `/api/subscriptions/${user.id}/current`
          ? jsonResponse(200, {
              subscription: {
                provider: 'demo', tier: 'elite', planName: 'Elite', price: '29.99', currency: 'usd', status: 'active', currentPeriodStart: '2026-11-27T10:00:00.000Z',
                currentPeriodEnd: '2026-12-27T10:00:00.000Z', renewsAt: '2026-12-27T10:00:00.000Z', endsAt: null, cancelAtPeriodEnd: false, pendingTier: null, graceUntil: null,
                paymentMethod: { brand: 'Visa', last4: '4242' },
              },
              invoices: [],
            })
          : undefined,
      ),
    }),
  );
  const premium = await screen.findByRole('article', { name: 'Premium' });
  const switchButton = await within(premium).findByRole('button', { name: 'Switch to Premium' });
  assert.equal(within(premium).queryByRole('button', { name: 'Upgrade Now' }), null, 'a cheaper plan is not an upgrade');
  fireEvent.click(switchButton);
  await waitFor(() => assert.equal(router.state.location.href, '/settings?tab=subscription'));
  assert.equal(fetchStub.callsTo('POST', `/api/subscriptions/${user.id}`).length, 0, 'no second subscription is started');
});
