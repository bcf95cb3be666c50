import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, before, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, deferred, jsonResponse } from '../../../test/fetch-stub';
import { buildCatalogue } from '../test-support/build-catalogue';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');
const { demoPaymentSettings } = await import('./checkout-page');
const { stripeLoader } = await import('../components/stripe-payment');

// The spec's 2-second demo delay is kept in the browser tests; here it would only slow the suite down.
before(() => {
  demoPaymentSettings.delayMs = 0;
});
afterEach(cleanupApp);

const SECRET = 'demo_pi_abc123_secret_s3cr3t';
const setupAnswer = { clientSecret: SECRET, price: '14.99', tier: 'premium', paymentIntentId: 'demo_pi_abc123', provider: 'demo', isDemo: true };
const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;

type Handler = (request: RecordedRequest) => Response | Promise<Response> | undefined;

/** The member's billing view once the payment is applied: Premium, active, its first invoice paid. */
const paidView = {
  subscription: {
    provider: 'demo', tier: 'premium', planName: 'Premium', price: '14.99', currency: 'usd', status: 'active', currentPeriodStart: '2026-12-01T00:00:00.000Z',
    currentPeriodEnd: '2027-01-01T00:00:00.000Z', renewsAt: '2027-01-01T00:00:00.000Z', endsAt: null, cancelAtPeriodEnd: false, pendingTier: null, graceUntil: null,
    paymentMethod: { brand: 'Visa', last4: '4242' },
  },
  others: [],
  freePremiumUntil: null,
  invoices: [
    {
      id: 'demo_in_1', tier: 'premium', reason: 'subscription_create', amount: '14.99', currency: 'usd', status: 'paid', periodStart: '2026-12-01T00:00:00.000Z',
      periodEnd: '2027-01-01T00:00:00.000Z', paidAt: '2026-12-01T00:00:05.000Z', receiptUrl: '/api/subscriptions/7/invoices/demo_in_1/receipt',
    },
  ],
};

/** Where a successful payment lands: the confirmation, with the plan, the renewal date, the amount and the receipt. */
async function assertConfirmation(router: { state: { location: { pathname: string; search: unknown } } }) {
  await waitFor(() => assert.equal(router.state.location.pathname, '/subscription/confirmed'));
  assert.deepEqual({ ...(router.state.location.search as object) }, { tier: 'premium' });
  assert.ok(await screen.findByRole('heading', { name: "You're on Premium" }));
  const facts = Object.fromEntries([...document.querySelectorAll('.confirmation__facts > div')].map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
  assert.deepEqual(facts, { Plan: 'Premium · US$14.99 / month', 'Paid today': 'US$14.99', 'Renews on': '1 January 2027', Card: 'Visa ending in 4242' });
  assert.equal(screen.getByRole('link', { name: /View your receipt/ }).getAttribute('href'), '/api/subscriptions/7/invoices/demo_in_1/receipt');
  assert.equal(screen.queryByText('Subscription Updated'), null, 'the screen says it: no toast');
}

/** Catalogue + payment setup + demo confirm + complete + the billing view, each replaceable. */
function paymentApi({
  catalogue = () => jsonResponse(200, buildCatalogue()),
  setup = () => jsonResponse(201, setupAnswer),
  confirm = () => jsonResponse(200, { status: 'succeeded', paymentIntentId: 'demo_pi_abc123' }),
  complete = () => jsonResponse(200, { applied: true, subscriptionTier: 'premium', subscriptionEnds: '2027-01-01T00:00:00.000Z', message: 'ok' }),
  current = () => jsonResponse(200, paidView),
}: Partial<Record<'catalogue' | 'setup' | 'confirm' | 'complete' | 'current', Handler>> = {}): Handler {
  return (request) => {
    const path = request.url.pathname;
    if (request.method === 'GET' && path === '/api/subscriptions/7/current') return current(request);
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
  assert.ok(screen.getByText("You're subscribing to the Premium plan at US$14.99 / month"));
  assert.ok(screen.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));
  assert.ok(screen.getByText('Demo payment — no card is charged'));
  assert.ok(screen.getByText('4242 4242 4242 4242'));
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 1, 'one payment intent per visit');
});

test('a link carrying tier, client_secret and price needs no new payment intent', async () => {
  const { fetchStub } = renderApp(`/checkout?tier=elite&client_secret=${SECRET}&price=29.99`, member(paymentApi()));
  assert.ok(await screen.findByText("You're subscribing to the Elite plan at US$29.99 / month"));
  assert.ok(screen.getByRole('button', { name: 'Subscribe to Elite - US$29.99 / month' }));
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
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));

  assert.ok(await screen.findByText('Enter a valid card number'));
  assert.ok(screen.getByText('Enter a valid expiry date (MM/YY) that is not in the past'));
  assert.ok(screen.getByText('Enter the 3 or 4 digit security code'));
  assert.ok(screen.getByText('Enter the name on the card'));
  assert.equal(screen.getByLabelText('Card number').getAttribute('aria-invalid'), 'true');

  fill('Card number', '4242 4242 4242 4242');
  await waitFor(() => assert.equal(screen.queryByText('Enter a valid card number'), null));
  assert.equal(fetchStub.callsTo('POST', '/api/payments/demo/demo_pi_abc123/confirm').length, 0);
});

test('in Hindi checkout says the plan and price in Hindi and refuses a bad card in Hindi before sending anything', async () => {
  const { fetchStub } = renderApp('/checkout?tier=premium', fakeServer({ user: buildSessionUser({ id: 7, language: 'hi' }), handle: paymentApi() }));
  assert.ok(await screen.findByRole('heading', { name: 'अपनी सदस्यता पूरी करें' }));
  assert.ok(screen.getByText('आप US$14.99 / महीना पर Premium प्लान ले रहे हैं'));
  assert.ok(screen.getByText('डेमो भुगतान — किसी कार्ड से पैसे नहीं कटते'));
  fireEvent.change(screen.getByLabelText('कार्ड नंबर'), { target: { value: '4242424242424241' } });
  fireEvent.click(screen.getByRole('button', { name: 'Premium लें - US$14.99 / महीना' }));
  assert.ok(await screen.findByText('सही कार्ड नंबर लिखें'));
  assert.ok(screen.getByText('3 या 4 अंकों का सुरक्षा कोड लिखें'));
  assert.ok(screen.getByText('कार्ड पर लिखा नाम लिखें'));
  assert.equal(fetchStub.callsTo('POST', '/api/payments/demo/demo_pi_abc123/confirm').length, 0);
});

test('a valid card confirms the demo payment, completes the subscription and ends on the confirmation', async () => {
  const { fetchStub, router } = renderApp('/checkout?tier=premium', member(paymentApi()));
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fillValidCard();
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));

  await assertConfirmation(router);
  assert.ok(screen.getByText(/Demo payment: no card was charged\./));

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
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));
  const busy = await screen.findByRole('button', { name: /Processing payment/ });
  assert.equal((busy as HTMLButtonElement).disabled, true);
  confirm.resolve(jsonResponse(402, { message: 'Your card was declined.' }));
  assert.ok(await screen.findByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));
});

test('a declined card shows "Payment Failed" with the provider message and stays on checkout', async () => {
  const { fetchStub, router } = renderApp(
    '/checkout?tier=premium',
    member(paymentApi({ confirm: () => jsonResponse(402, { message: 'Your card was declined.' }) })),
  );
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fillValidCard('4000000000000002');
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));
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
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));
  assert.ok(await screen.findByText('Payment Processing'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
});

test('an unexpected failure while completing reads "Payment Error"', async () => {
  renderApp('/checkout?tier=premium', member(paymentApi({ complete: () => { throw new TypeError('Failed to fetch'); } })));
  await screen.findByRole('heading', { name: 'Complete Your Subscription' });
  fillValidCard();
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));
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
  assert.ok(await screen.findByRole('button', { name: 'Subscribe to Elite - US$29.99 / month' }));
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

// ---- Stripe mode -------------------------------------------------------------------------------------------
// Stripe.js cannot load here (no network, no real Elements iframe), so the loader hands out a fake Stripe object
// with the methods @stripe/react-stripe-js and the checkout call. The decisions themselves are unit-tested in
// lib/stripe-flow.test.ts.

const STRIPE_SECRET = 'pi_3Stripe1_secret_abc';
const stripeSetupAnswer = { clientSecret: STRIPE_SECRET, price: '14.99', tier: 'premium', paymentIntentId: 'pi_3Stripe1', provider: 'stripe', isDemo: false };
type FakeResult = { paymentIntent?: { id: string; status: string; last_payment_error?: { message: string } | null }; error?: { type: string; message: string } };

let keyCount = 0;
/** A publishable key per test: Stripe instances are cached per key for the whole visit. */
function stripeCatalogue(publishableKey = `pk_test_fake${(keyCount += 1)}`) {
  return () => jsonResponse(200, buildCatalogue({ provider: 'stripe', publishableKey }));
}

function fakeStripe({
  confirm = async (): Promise<FakeResult> => ({ paymentIntent: { id: 'pi_3Stripe1', status: 'succeeded' } }),
  retrieve = async (): Promise<FakeResult> => ({ paymentIntent: { id: 'pi_3Stripe1', status: 'succeeded' } }),
}: { confirm?: () => Promise<FakeResult>; retrieve?: () => Promise<FakeResult> } = {}) {
  const calls = { loads: [] as string[], elements: [] as unknown[], confirm: [] as Array<Record<string, unknown>>, retrieve: [] as string[] };
  const element = () => ({
    mount() {},
    destroy() {},
    update() {},
    unmount() {},
    off() {},
    on(event: string, handler: (payload: unknown) => void) {
      if (event === 'ready') setTimeout(() => handler({ elementType: 'payment' }), 0);
    },
  });
  const elements = { create: element, update() {}, getElement: () => null };
  const stripe = {
    elements(options: unknown) {
      calls.elements.push(options);
      return elements;
    },
    createToken() {},
    createPaymentMethod() {},
    confirmCardPayment() {},
    async confirmPayment(options: Record<string, unknown>) {
      calls.confirm.push(options);
      return confirm();
    },
    async retrievePaymentIntent(clientSecret: string) {
      calls.retrieve.push(clientSecret);
      return retrieve();
    },
  };
  stripeLoader.load = async (key: string) => {
    calls.loads.push(key);
    return stripe as never;
  };
  return { calls, elements };
}

function stripeApi(overrides: Partial<Record<'setup' | 'complete' | 'current', Handler>> = {}) {
  return paymentApi({ catalogue: stripeCatalogue(), setup: () => jsonResponse(201, stripeSetupAnswer), ...overrides });
}

async function payWithStripe() {
  const button = await screen.findByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' });
  await waitFor(() => assert.equal((button as HTMLButtonElement).disabled, false, 'enabled once the Payment Element is ready'));
  fireEvent.click(button);
}

test('Stripe mode creates a payment intent and shows the Payment Element instead of the demo form', async () => {
  const stripe = fakeStripe();
  const { fetchStub } = renderApp('/checkout?tier=premium', member(stripeApi()));
  assert.ok(await screen.findByText("You're subscribing to the Premium plan at US$14.99 / month"));
  await screen.findByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' });
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 1);
  assert.equal(screen.queryByLabelText('Card number'), null, 'no demo card fields');
  assert.equal(screen.queryByText('Demo payment — no card is charged'), null);
  assert.equal(stripe.calls.loads.length, 1);
  assert.match(stripe.calls.loads[0] ?? '', /^pk_test_/);
  const [options] = stripe.calls.elements as Array<{ clientSecret: string; appearance: { theme: string }; locale: string }>;
  assert.equal(options?.clientSecret, STRIPE_SECRET);
  assert.equal(options?.appearance.theme, 'stripe');
  assert.equal(options?.locale, 'en', "the Payment Element in the member's language");
});

test('Stripe mode for a Hindi member: the page in Hindi, the Payment Element told English (Stripe has no Hindi), not the browser language', async () => {
  const stripe = fakeStripe();
  renderApp('/checkout?tier=premium', fakeServer({ user: buildSessionUser({ id: 7, language: 'hi' }), handle: stripeApi() }));
  assert.ok(await screen.findByText('आप US$14.99 / महीना पर Premium प्लान ले रहे हैं'));
  await waitFor(() => assert.equal(stripe.calls.elements.length, 1));
  const [options] = stripe.calls.elements as Array<{ locale: string }>;
  assert.equal(options?.locale, 'en');
});

test('Stripe mode: a succeeded confirmPayment completes the subscription and ends on the confirmation', async () => {
  const stripe = fakeStripe();
  const { fetchStub, router } = renderApp('/checkout?tier=premium', member(stripeApi()));
  await payWithStripe();

  await assertConfirmation(router);
  const [confirm] = stripe.calls.confirm;
  assert.equal(confirm?.redirect, 'if_required');
  assert.ok(confirm?.elements, 'confirms with the Elements instance');
  assert.deepEqual(confirm?.confirmParams, { return_url: 'http://localhost:3000/checkout?tier=premium&payment_intent_return=1' });
  const [complete] = fetchStub.callsTo('POST', '/api/subscriptions/7/complete');
  assert.deepEqual(JSON.parse(complete?.body ?? ''), { tier: 'premium', paymentIntentId: 'pi_3Stripe1' });
  assert.ok(fetchStub.callsTo('GET', '/api/auth/user').length >= 2, 'the session is refreshed after the upgrade');
  assert.equal(fetchStub.callsTo('POST', '/api/payments/demo/demo_pi_abc123/confirm').length, 0);
});

test('Stripe mode: a confirmPayment error is "Payment Failed" with Stripe\'s message and stays on checkout', async () => {
  fakeStripe({ confirm: async () => ({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } }) });
  const { fetchStub, router } = renderApp('/checkout?tier=premium', member(stripeApi()));
  await payWithStripe();
  assert.ok(await screen.findByText('Payment Failed'));
  assert.ok(screen.getByText('Your card has insufficient funds.'));
  assert.equal(router.state.location.pathname, '/checkout');
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7/complete').length, 0);
  assert.ok(await screen.findByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }), 'ready for another try');
});

test('Stripe mode: a processing payment shows "Payment Processing" and goes home without completing', async () => {
  fakeStripe({ confirm: async () => ({ paymentIntent: { id: 'pi_3Stripe1', status: 'processing' } }) });
  const { fetchStub, router } = renderApp('/checkout?tier=premium', member(stripeApi()));
  await payWithStripe();
  assert.ok(await screen.findByText('Payment Processing'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7/complete').length, 0);
});

test('Stripe mode: a 402 from complete shows "Payment Processing" and goes home', async () => {
  fakeStripe();
  const { router } = renderApp(
    '/checkout?tier=premium',
    member(stripeApi({ complete: () => jsonResponse(402, { message: 'Payment Processing: the payment has not succeeded yet.' }) })),
  );
  await payWithStripe();
  assert.ok(await screen.findByText('Payment Processing'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
});

test('Stripe mode: while confirming, the button reads "Processing payment..." and is disabled', async () => {
  const pending = deferred<FakeResult>();
  fakeStripe({ confirm: () => pending.promise });
  renderApp('/checkout?tier=premium', member(stripeApi()));
  await payWithStripe();
  const busy = await screen.findByRole('button', { name: /Processing payment/ });
  assert.equal((busy as HTMLButtonElement).disabled, true);
  pending.resolve({ error: { type: 'card_error', message: 'Your card was declined.' } });
  assert.ok(await screen.findByText('Payment Failed'));
});

test('Stripe mode: a demo client secret in the link is not sent to Stripe; a new intent is created', async () => {
  const stripe = fakeStripe();
  const { fetchStub } = renderApp(`/checkout?tier=premium&client_secret=${SECRET}&price=14.99`, member(stripeApi()));
  await screen.findByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' });
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 1);
  assert.equal((stripe.calls.elements[0] as { clientSecret: string }).clientSecret, STRIPE_SECRET);
});

const RETURN_URL = `/checkout?tier=premium&payment_intent_return=1&payment_intent=pi_3Stripe1&payment_intent_client_secret=${STRIPE_SECRET}&redirect_status=succeeded`;

test('back from a redirect-based method: the intent is retrieved and the subscription completed', async () => {
  const stripe = fakeStripe();
  const { fetchStub, router } = renderApp(RETURN_URL, member(stripeApi()));
  await assertConfirmation(router);
  assert.deepEqual(stripe.calls.retrieve, [STRIPE_SECRET]);
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 0, 'no new payment intent');
  const [complete] = fetchStub.callsTo('POST', '/api/subscriptions/7/complete');
  assert.deepEqual(JSON.parse(complete?.body ?? ''), { tier: 'premium', paymentIntentId: 'pi_3Stripe1' });
});

test('back from a redirect that is still processing: "Payment Processing" and home', async () => {
  fakeStripe({ retrieve: async () => ({ paymentIntent: { id: 'pi_3Stripe1', status: 'processing' } }) });
  const { fetchStub, router } = renderApp(RETURN_URL, member(stripeApi()));
  assert.ok(await screen.findByText('Payment Processing'));
  await waitFor(() => assert.equal(router.state.location.pathname, '/'));
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7/complete').length, 0);
});

test('back from a redirect that failed: "Payment Failed", then a fresh checkout for another try', async () => {
  fakeStripe({
    retrieve: async () => ({
      paymentIntent: { id: 'pi_3Stripe1', status: 'requires_payment_method', last_payment_error: { message: 'The bank declined the payment.' } },
    }),
  });
  const { fetchStub, router } = renderApp(RETURN_URL, member(stripeApi()));
  assert.ok(await screen.findByText('Payment Failed'));
  assert.ok(screen.getByText('The bank declined the payment.'));
  await waitFor(() => assert.equal(router.state.location.searchStr, '?tier=premium'));
  assert.ok(await screen.findByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 1);
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7/complete').length, 0);
});

test('when Stripe.js cannot load, the checkout reads "Payment Setup Error" and offers a retry', async () => {
  fakeStripe();
  const working = stripeLoader.load;
  let attempts = 0;
  stripeLoader.load = async (key) => {
    attempts += 1;
    if (attempts === 1) throw new Error('Failed to load Stripe.js');
    return working(key);
  };
  renderApp('/checkout?tier=premium', member(stripeApi()));
  assert.ok(await screen.findByText('Payment Setup Error'));
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  assert.ok(await screen.findByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }));
});

test('Stripe without a publishable key reads "Payment Setup Error" and creates no payment intent', async () => {
  const { fetchStub } = renderApp(
    '/checkout?tier=premium',
    member(paymentApi({ catalogue: () => jsonResponse(200, buildCatalogue({ provider: 'stripe', publishableKey: null })) })),
  );
  assert.ok(await screen.findByText('Payment Setup Error'));
  assert.equal(screen.queryByLabelText('Card number'), null, 'no imitation of a Stripe form');
  assert.equal(fetchStub.callsTo('POST', '/api/subscriptions/7').length, 0);
});
