import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, before, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, deferred, jsonResponse } from '../../../test/fetch-stub';
import { buildCatalogue } from '../test-support/build-catalogue';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');
const { demoPaymentSettings } = await import('./checkout-page');

// The spec's 2-second demo delay is kept in the browser tests; here it would only slow the suite down.
before(() => {
  demoPaymentSettings.delayMs = 0;
});
afterEach(cleanupApp);

const SECRET = 'demo_pi_abc123_secret_s3cr3t';
const setupAnswer = { clientSecret: SECRET, price: '14.99', tier: 'premium', paymentIntentId: 'demo_pi_abc123', provider: 'demo', isDemo: true };
const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

type Handler = (request: RecordedRequest) => Response | Promise<Response> | undefined;

/** Catalogue + payment setup + demo confirm + complete, each replaceable. */
function paymentApi({
  catalogue = () => jsonResponse(200, buildCatalogue()),
  setup = () => jsonResponse(201, setupAnswer),
  confirm = () => jsonResponse(200, { status: 'succeeded', paymentIntentId: 'demo_pi_abc123' }),
  complete = () => jsonResponse(200, { applied: true, subscriptionTier: 'premium', subscriptionEnds: '2027-01-01T00:00:00.000Z', message: 'ok' }),
}: Partial<Record<'catalogue' | 'setup' | 'confirm' | 'complete', Handler>> = {}): Handler {
  return (request) => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path === '/api/subscriptions') return catalogue(request);
    if (request.method === 'POST' && path === '/api/subscriptions/7') return setup(request);
    if (request.method === 'POST' && path === '/api/payments/demo/demo_pi_abc123/confirm') return confirm(request);
    if (request.method === 'POST' && path === '/api/subscriptions/7/complete') return complete(request);
    return undefined;
  };
}

function member(handle: Handler) {
  return fakeServer({ user: buildSessionUser({ id: 7 }), handle });
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidCard(number = '4242424242424242') {
  fill('Card number', number);
  fill('Expiry (MM/YY)', expiry);
  fill('CVC', '123');
  fill('Name on card', 'Priya Sharma');
}

test('without a client secret it shows "Preparing Your Subscription" while asking the server, defaulting to premium', async () => {
  const setup = deferred<Response>();
  const { fetchStub } = renderApp('/checkout', member(paymentApi({ setup: () => setup.promise })));
  assert.ok(await screen.findByRole('heading', { name: 'Preparing Your Subscription' }));
  await waitFor(() => assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 1));
  assert.deepEqual(JSON.parse(fetchStub.callsTo('POST', '/api/subscriptions/7')[0]?.body ?? ''), { tier: 'premium' });

  setup.resolve(jsonResponse(201, setupAnswer));
  assert.ok(await screen.findByRole('heading', { name: 'Complete Your Subscription' }));
  assert.ok(screen.getByText("You're subscribing to the Premium plan at $14.99/month"));
  assert.ok(screen.getByRole('button', { name: 'Subscribe to Premium - $14.99/month' }));
  assert.ok(screen.getByText('Demo payment — no card is charged'));
  assert.ok(screen.getByText('4242 4242 4242 4242'));
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 1, 'one payment intent per visit');
});

test('a link carrying tier, client_secret and price needs no new payment intent', async () => {
  const { fetchStub } = renderApp(`/checkout?tier=elite&client_secret=${SECRET}&price=29.99`, member(paymentApi()));
  assert.ok(await screen.findByText("You're subscribing to the Elite plan at $29.99/month"));
  assert.ok(screen.getByRole('button', { name: 'Subscribe to Elite - $29.99/month' }));
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 0);
});

test('the card form formats as typed and shows the validation messages before sending anything', async () => {
  const { fetchStub } = renderApp('/checkout?tier=premium', member(paymentApi()));
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fill('Card number', '4242424242424241');
  assert.equal((screen.getByLabelText('Card number') as HTMLInputElement).value, '4242 4242 4242 4241');
  fill('Expiry (MM/YY)', '0120');
  assert.equal((screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement).value, '01/20');
  fill('CVC', '12a');
  assert.equal((screen.getByLabelText('CVC') as HTMLInputElement).value, '12');
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - $14.99/month' }));

  assert.ok(await screen.findByText('Enter a valid card number'));
  assert.ok(screen.getByText('Enter a valid expiry date (MM/YY) that is not in the past'));
  assert.ok(screen.getByText('Enter the 3 or 4 digit security code'));
  assert.ok(screen.getByText('Enter the name on the card'));
  assert.equal(screen.getByLabelText('Card number').getAttribute('aria-invalid'), 'true');

  fill('Card number', '4242 4242 4242 4242');
  await waitFor(() => assert.equal(screen.queryByText('Enter a valid card number'), null));
  assert.equal(fetchStub.callsTo('POST', '/api/payments/demo/demo_pi_abc123/confirm').length, 0);
});

test('a valid card confirms the demo payment, completes the subscription, toasts and goes home', async () => {
  const { fetchStub, router } = renderApp('/checkout?tier=premium', member(paymentApi()));
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fillValidCard();
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - $14.99/month' }));

  assert.ok(await screen.findByText('Subscription Updated'));
  assert.ok(screen.getByText('Your subscription has been successfully updated'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));

  const [confirm] = fetchStub.callsTo('POST', '/api/payments/demo/demo_pi_abc123/confirm');
  assert.deepEqual(JSON.parse(confirm?.body ?? ''), {
    clientSecret: SECRET,
    cardNumber: '4242 4242 4242 4242',
    expiry,
    cvc: '123',
    name: 'Priya Sharma',
  });
  const [complete] = fetchStub.callsTo('POST', '/api/subscriptions/7/complete');
  assert.deepEqual(JSON.parse(complete?.body ?? ''), { tier: 'premium', paymentIntentId: 'demo_pi_abc123' });
  assert.ok(fetchStub.callsTo('GET', '/api/auth/user').length >= 2, 'the session is refreshed after the upgrade');
});

test('while paying the button reads "Processing payment..." and is disabled', async () => {
  const confirm = deferred<Response>();
  renderApp('/checkout?tier=premium', member(paymentApi({ confirm: () => confirm.promise })));
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fillValidCard();
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - $14.99/month' }));
  const busy = await screen.findByRole('button', { name: /Processing payment/ });
  assert.equal((busy as HTMLButtonElement).disabled, true);
  confirm.resolve(jsonResponse(402, { message: 'Your card was declined.' }));
  assert.ok(await screen.findByRole('button', { name: 'Subscribe to Premium - $14.99/month' }));
});

test('a declined card shows "Payment Failed" with the provider message and stays on checkout', async () => {
  const { fetchStub, router } = renderApp(
    '/checkout?tier=premium',
    member(paymentApi({ confirm: () => jsonResponse(402, { message: 'Your card was declined.' }) })),
  );
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fillValidCard('4000000000000002');
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - $14.99/month' }));
  assert.ok(await screen.findByText('Payment Failed'));
  assert.ok(screen.getByText('Your card was declined.'));
  assert.equal(router.state.location.pathname, '/checkout');
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7/complete').length, 0);
});

test('a payment that has not succeeded yet shows "Payment Processing" and goes home', async () => {
  const { router } = renderApp(
    '/checkout?tier=premium',
    member(paymentApi({ complete: () => jsonResponse(402, { message: 'Payment Processing: the payment has not succeeded yet.', status: 'processing' }) })),
  );
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fillValidCard();
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - $14.99/month' }));
  assert.ok(await screen.findByText('Payment Processing'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
});

test('an unexpected failure while completing reads "Payment Error"', async () => {
  renderApp('/checkout?tier=premium', member(paymentApi({ complete: () => { throw new TypeError('Failed to fetch'); } })));
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fillValidCard();
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - $14.99/month' }));
  assert.ok(await screen.findByText('Payment Error'));
  assert.ok(screen.getByText('An unexpected error occurred during payment processing.'));
});

test('a failed payment setup shows "Payment Setup Failed" with the server message and offers a retry', async () => {
  let attempts = 0;
  renderApp(
    '/checkout?tier=elite',
    member(
      paymentApi({
        setup: () => {
          attempts += 1;
          return attempts === 1
            ? jsonResponse(502, { message: 'Unable to process subscription request' })
            : jsonResponse(201, { ...setupAnswer, tier: 'elite', price: '29.99' });
        },
      }),
    ),
  );
  assert.ok(await screen.findByText('Payment Setup Failed'));
  assert.ok(screen.getByText('Unable to process subscription request'));
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  assert.ok(await screen.findByRole('button', { name: 'Subscribe to Elite - $29.99/month' }));
});

test('a setup answer without a client secret is "Payment Setup Failed"', async () => {
  renderApp('/checkout', member(paymentApi({ setup: () => jsonResponse(201, { ...setupAnswer, clientSecret: null }) })));
  assert.ok(await screen.findByText('Payment Setup Failed'));
  assert.ok(screen.getByText('Unable to process subscription request'));
});

test('a network failure during setup reads "Error" / "Unable to process subscription request. Please try again later."', async () => {
  renderApp('/checkout', member(paymentApi({ setup: () => { throw new TypeError('Failed to fetch'); } })));
  assert.ok(await screen.findByText('Unable to process subscription request. Please try again later.'));
  assert.ok(screen.getByText('Error'));
});

test('when the plans cannot be loaded it reads "Payment Setup Error"', async () => {
  renderApp('/checkout', member(paymentApi({ catalogue: () => jsonResponse(500, { message: 'boom' }) })));
  assert.ok(await screen.findByText('Payment Setup Error'));
  assert.ok(screen.getByText('Unable to initialize payment process. Please try again later.'));
});

test('Stripe mode says the Stripe Elements bundle is needed and creates no payment intent', async () => {
  const { fetchStub } = renderApp(
    '/checkout?tier=premium',
    member(paymentApi({ catalogue: () => jsonResponse(200, buildCatalogue({ provider: 'stripe', publishableKey: 'pk_test_123' })) })),
  );
  assert.ok(await screen.findByText(/need the Stripe Elements bundle/));
  assert.ok(screen.getByText("You're subscribing to the Premium plan at $14.99/month"));
  assert.equal(screen.queryByLabelText('Card number'), null, 'no imitation of a Stripe form');
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 0);
});

test('a session that ended shows "Authentication Required" and goes to sign in', async () => {
  const { router } = renderApp('/checkout?tier=premium', member(paymentApi({ setup: () => jsonResponse(401, { message: 'Not authenticated' }) })));
  assert.ok(await screen.findByText('Authentication Required'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/login'));
  assert.equal(router.state.location.search.redirectTo, '/checkout?tier=premium');
});

test('tier=tryme never reaches checkout: it goes back to the plans', async () => {
  const { router, fetchStub } = renderApp('/checkout?tier=tryme', member(paymentApi()));
  await waitFor(() => assert.equal(router.state.location.pathname, '/subscription'));
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 0);
});
