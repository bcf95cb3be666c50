import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  acceptsClientSecret,
  isPublishableKey,
  outcomeOfCompleteFailure,
  paymentModeOf,
  stripeFailedDefault,
  stripeLocaleOf,
  stepAfterConfirm,
  stepAfterReturn,
  stripeReturnOf,
  stripeReturnUrl,
} from './stripe-flow';

const SECRET = 'pi_3Abc123_secret_XyZ789';

test('the mode follows the catalogue: demo, Stripe with a publishable key, otherwise unavailable', () => {
  assert.equal(paymentModeOf(undefined), null);
  assert.equal(paymentModeOf({ provider: 'demo', publishableKey: null }), 'demo');
  assert.equal(paymentModeOf({ provider: 'demo', publishableKey: 'pk_test_123' }), 'demo');
  assert.equal(paymentModeOf({ provider: 'stripe', publishableKey: 'pk_test_51Hx' }), 'stripe');
  assert.equal(paymentModeOf({ provider: 'stripe', publishableKey: 'pk_live_51Hx' }), 'stripe');
  assert.equal(paymentModeOf({ provider: 'stripe', publishableKey: null }), 'unavailable');
  assert.equal(paymentModeOf({ provider: 'stripe', publishableKey: '' }), 'unavailable');
  assert.equal(paymentModeOf({ provider: 'stripe', publishableKey: 'sk_test_123' }), 'unavailable', 'never a secret key');
});

test('publishable keys are pk_test_… or pk_live_…', () => {
  assert.equal(isPublishableKey('pk_test_abc'), true);
  assert.equal(isPublishableKey('pk_live_abc'), true);
  assert.equal(isPublishableKey('pk_abc'), false);
  assert.equal(isPublishableKey('rk_live_abc'), false);
  assert.equal(isPublishableKey(null), false);
});

test('Stripe mode pays only Stripe client secrets from a link; the demo mode accepts what it always did', () => {
  assert.equal(acceptsClientSecret('stripe', SECRET), true);
  assert.equal(acceptsClientSecret('stripe', 'demo_pi_abc123_secret_s3cr3t'), false);
  assert.equal(acceptsClientSecret('demo', 'demo_pi_abc123_secret_s3cr3t'), true);
  assert.equal(acceptsClientSecret('demo', SECRET), true);
  assert.equal(acceptsClientSecret(null, SECRET), true);
});

test('the return URL brings the member back to checkout for the same tier', () => {
  assert.equal(
    stripeReturnUrl('https://saathi.example', 'elite'),
    'https://saathi.example/checkout?tier=elite&payment_intent_return=1',
  );
});

test('a redirect return is recognised from the parameters Stripe adds', () => {
  const search = `?tier=premium&payment_intent_return=1&payment_intent=pi_3Abc123&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`;
  assert.deepEqual(stripeReturnOf(search), {
    paymentIntentId: 'pi_3Abc123',
    clientSecret: SECRET,
    redirectStatus: 'succeeded',
  });
  assert.deepEqual(stripeReturnOf(`payment_intent=pi_3Abc123&payment_intent_client_secret=${SECRET}`), {
    paymentIntentId: 'pi_3Abc123',
    clientSecret: SECRET,
    redirectStatus: null,
  });
});

test('no return without both parameters, or with a secret of another intent', () => {
  assert.equal(stripeReturnOf(''), null);
  assert.equal(stripeReturnOf('?tier=premium'), null);
  assert.equal(stripeReturnOf('?tier=premium&payment_intent_return=1'), null);
  assert.equal(stripeReturnOf('?payment_intent=pi_3Abc123'), null);
  assert.equal(stripeReturnOf(`?payment_intent_client_secret=${SECRET}`), null);
  assert.equal(stripeReturnOf(`?payment_intent=pi_other&payment_intent_client_secret=${SECRET}`), null);
});

test('confirmPayment: an error is "Payment Failed" with Stripe\'s message', () => {
  assert.deepEqual(stepAfterConfirm({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } }), {
    kind: 'failed',
    message: 'Your card was declined.',
  });
  assert.deepEqual(stepAfterConfirm({ error: { type: 'validation_error', message: 'Your card number is incomplete.' } }), {
    kind: 'failed',
    message: 'Your card number is incomplete.',
  });
  assert.deepEqual(stepAfterConfirm({ error: { type: 'api_connection_error' } }), {
    kind: 'failed',
    message: stripeFailedDefault(),
  });
});

test('confirmPayment: succeeded completes with the intent id; processing waits', () => {
  assert.deepEqual(stepAfterConfirm({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }), {
    kind: 'complete',
    paymentIntentId: 'pi_1',
  });
  assert.deepEqual(stepAfterConfirm({ paymentIntent: { id: 'pi_1', status: 'processing' } }), { kind: 'processing' });
  assert.deepEqual(stepAfterConfirm({ paymentIntent: { id: 'pi_1', status: 'requires_capture' } }), { kind: 'processing' });
});

test('confirmPayment: an intent that still needs a payment method failed, with its last error when given', () => {
  assert.deepEqual(
    stepAfterConfirm({
      paymentIntent: { id: 'pi_1', status: 'requires_payment_method', last_payment_error: { message: 'Insufficient funds.' } },
    }),
    { kind: 'failed', message: 'Insufficient funds.' },
  );
  assert.deepEqual(stepAfterConfirm({ paymentIntent: { id: 'pi_1', status: 'canceled', last_payment_error: null } }), {
    kind: 'failed',
    message: stripeFailedDefault(),
  });
  assert.deepEqual(stepAfterConfirm({}), { kind: 'unexpected' });
});

test('redirect return: the retrieved intent decides, whatever redirect_status said', () => {
  const expected = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', redirectStatus: 'failed' };
  assert.deepEqual(stepAfterReturn({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }, expected), {
    kind: 'complete',
    paymentIntentId: 'pi_1',
  });
  assert.deepEqual(stepAfterReturn({ paymentIntent: { id: 'pi_1', status: 'processing' } }, expected), {
    kind: 'processing',
  });
  assert.deepEqual(
    stepAfterReturn(
      { paymentIntent: { id: 'pi_1', status: 'requires_payment_method', last_payment_error: { message: 'The bank declined.' } } },
      expected,
    ),
    { kind: 'failed', message: 'The bank declined.' },
  );
});

test('redirect return: an error reading the intent, or another intent, is unexpected (not a declined payment)', () => {
  const expected = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', redirectStatus: null };
  assert.deepEqual(stepAfterReturn({ error: { type: 'invalid_request_error', message: 'No such payment_intent' } }, expected), {
    kind: 'unexpected',
  });
  assert.deepEqual(stepAfterReturn({ paymentIntent: { id: 'pi_2', status: 'succeeded' } }, expected), { kind: 'unexpected' });
  assert.deepEqual(stepAfterReturn({}, expected), { kind: 'unexpected' });
});

test('completion failures: 402 is "Payment Processing", 401 signs out, anything else is a Payment Error', () => {
  assert.equal(outcomeOfCompleteFailure(402), 'processing');
  assert.equal(outcomeOfCompleteFailure(401), 'signed-out');
  assert.equal(outcomeOfCompleteFailure(400), null);
  assert.equal(outcomeOfCompleteFailure(500), null);
  assert.equal(outcomeOfCompleteFailure(undefined), null);
});

test("Stripe's locale for each of the app's languages: English; Hindi and Tamil, which Stripe lacks, English too (never 'auto')", () => {
  assert.equal(stripeLocaleOf('en'), 'en');
  assert.equal(stripeLocaleOf('hi'), 'en');
  assert.equal(stripeLocaleOf('ta'), 'en');
});
