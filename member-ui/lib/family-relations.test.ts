import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCatalogue } from '../i18n/catalogue';
import { intlFor } from '../i18n/i18n-provider';
import { setTranslator, translate } from '../i18n/translate';
import { theirRelation } from './family-relations';

test("a helper's relation inside a sentence agrees as each language wants: उनकी माँ, उनके पिता; their mother", async () => {
  try {
    setTranslator(intlFor('hi', await loadCatalogue('hi')));
    assert.equal(translate('helper.asRelation', { relation: theirRelation('mother') }), 'उनकी माँ के रूप में');
    assert.equal(translate('home.helping', { name: 'Arjun', relation: theirRelation('father') }), 'Arjun की मदद, उनके पिता के रूप में');
    setTranslator(intlFor('ta', await loadCatalogue('ta')));
    assert.equal(translate('helper.asRelation', { relation: theirRelation('mother') }), 'அவர்களின் அம்மா என்ற முறையில்');
  } finally {
    setTranslator(intlFor('en', await loadCatalogue('en')));
  }
  assert.equal(translate('helper.asRelation', { relation: theirRelation('father') }), 'as their father');
  assert.equal(translate('helper.asRelation', { relation: theirRelation('uncle') }), 'as their family member', 'a relation the list does not have');
});
