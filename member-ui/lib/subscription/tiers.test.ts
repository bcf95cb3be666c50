import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPlanPrice, formatPrice } from './tiers';

test('prices say their currency: never a bare "$" a member in Canada or Australia could read as their own', () => {
  assert.equal(formatPrice('14.99', 'usd'), 'US$14.99');
  assert.equal(formatPrice('14.99'), 'US$14.99', 'USD by default');
  assert.equal(formatPrice('7.5', 'usd'), 'US$7.50');
  assert.equal(formatPrice('19.99', 'cad'), 'CA$19.99');
  assert.equal(formatPrice('19.99', 'aud'), 'A$19.99');
  assert.equal(formatPrice('9.99', 'gbp'), '£9.99');
  assert.equal(formatPrice('499', 'inr'), '₹499.00');
  assert.equal(formatPrice('n/a', 'usd'), 'n/a USD');
});

test('a plan reads "Free" when it costs nothing (Tryme), else its monthly price with the currency', () => {
  assert.equal(formatPlanPrice({ priceCents: 0, price: '0.00', currency: 'usd' }), 'Free');
  assert.equal(formatPlanPrice({ priceCents: 1499, price: '14.99', currency: 'usd' }), 'US$14.99 / month');
});
