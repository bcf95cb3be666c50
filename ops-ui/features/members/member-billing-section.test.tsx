import assert from 'node:assert/strict';
import { test } from 'node:test';
import { invoiceState } from './member-billing-section';

test("an invoice's state says what it is: a checkout never completed or replaced is no unpaid debt", () => {
  assert.equal(invoiceState({ status: 'paid', reason: 'subscription_create', attempts: 1 }), 'Paid');
  assert.equal(invoiceState({ status: 'open', reason: 'subscription_create', attempts: 0 }), 'Checkout not completed');
  assert.equal(invoiceState({ status: 'void', reason: 'subscription_create', attempts: 0 }), 'Void (checkout replaced)');
  assert.equal(invoiceState({ status: 'open', reason: 'subscription_cycle', attempts: 2 }), 'Unpaid (2 attempts)');
  assert.equal(invoiceState({ status: 'open', reason: 'subscription_cycle', attempts: 1 }), 'Unpaid (1 attempt)');
});
