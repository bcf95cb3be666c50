import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPlanPrice, formatPrice } from './tiers';
import { intlFor } from '../../i18n/i18n-provider';
import { ENGLISH_MESSAGES, loadCatalogue } from '../../i18n/catalogue';
import { setTranslator } from '../../i18n/translate';

test('prices say their currency: never a bare "$" a member in Canada or Australia could read as their own', () => {
  assert.equal(formatPrice('14.99', 'usd'), 'US$14.99');
  assert.equal(formatPrice('14.99'), 'US$14.99', 'USD by default');
  assert.equal(formatPrice('7.5', 'usd'), 'US$7.50');
  assert.equal(formatPrice('19.99', 'cad'), 'CA$19.99');
  assert.equal(formatPrice('19.99', 'aud'), 'A$19.99');
  assert.equal(formatPrice('9.99', 'gbp'), '£9.99');
  assert.equal(formatPrice('499', 'inr'), '₹499', 'a whole amount without its paise');
  assert.equal(formatPrice('n/a', 'usd'), 'n/a USD');
});

test('a plan reads "Free" when it costs nothing (Tryme), else its monthly price with the currency', () => {
  assert.equal(formatPlanPrice({ priceCents: 0, price: '0.00', currency: 'usd' }), 'Free');
  assert.equal(formatPlanPrice({ priceCents: 1499, price: '14.99', currency: 'usd' }), 'US$14.99 / month');
});

test('in Hindi the amounts keep their currency and group in the Indian way, and a plan costs "प्रति माह"', async () => {
  setTranslator(intlFor('hi', await loadCatalogue('hi')));
  try {
    assert.equal(formatPrice('14.99', 'usd'), 'US$14.99');
    assert.equal(formatPrice('19.99', 'cad'), 'CA$19.99');
    assert.equal(formatPrice('150000', 'inr'), '₹1,50,000');
    assert.equal(formatPlanPrice({ priceCents: 0, price: '0.00', currency: 'usd' }), 'मुफ़्त');
    assert.equal(formatPlanPrice({ priceCents: 1499, price: '14.99', currency: 'usd' }), 'US$14.99 / महीना');
  } finally {
    setTranslator(intlFor('en', ENGLISH_MESSAGES));
  }
});
