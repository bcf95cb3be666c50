import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ISO_COUNTRY_CODES, countryCode, countryEntries, countryName, countryNames, countryNamesDiasporaFirst, diasporaCountryNames } from './countries';
import { searchQuerySchema } from './discovery';
import { createProfileSchema } from './profile';

const base = { gender: 'female', dateOfBirth: '1994-02-03', profileType: 'self', city: 'X', education: "Master's", profession: 'Architect' };

test('every ISO 3166-1 entry is offered, named by the platform, territories included', () => {
  assert.equal(ISO_COUNTRY_CODES.length, 249);
  assert.equal(new Set(ISO_COUNTRY_CODES).size, 249);
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const entry of countryEntries()) assert.equal(entry.name, names.of(entry.code));
  for (const code of ['HK', 'MO', 'TW', 'PR', 'GU', 'RE']) assert.ok(countryNames().includes(names.of(code) ?? ''), code);
  // Names never carry the separator the search filter uses.
  assert.ok(countryNames().every((name) => !name.includes(',')));
});

test('the profile accepts every listed country and the spellings stored before; names are kept in one form', () => {
  for (const name of countryNames()) assert.ok(createProfileSchema.safeParse({ ...base, country: name }).success, name);
  const legacy: Array<[string, string]> = [['Turkey', 'TR'], ["Côte d'Ivoire", 'CI'], ['Holy See', 'VA'], ['Hong Kong', 'HK'], ['Trinidad and Tobago', 'TT'], ['United Kingdom', 'GB']];
  for (const [name, code] of legacy) {
    const parsed = createProfileSchema.safeParse({ ...base, country: name });
    assert.ok(parsed.success, name);
    assert.equal(parsed.data.country, countryName(code), `${name} is stored as the platform's name`);
  }
  const refused = createProfileSchema.safeParse({ ...base, country: 'Narnia' });
  assert.equal(refused.success, false);
  assert.equal(refused.error?.issues[0].message, 'Please choose a country from the list');
  assert.equal(countryCode('United States'), 'US');
  assert.equal(countryCode('United Kingdom'), 'GB');
  const parsed = searchQuerySchema.parse({ locations: 'Puerto Rico,Türkiye' });
  assert.ok(parsed.locations?.includes('Turkey'), 'a filter also finds the spelling stored before the ISO list');
  assert.ok(parsed.locations?.includes('Puerto Rico'));
});

test('loading the module builds no name table: screens that only import it do not pay for Intl.DisplayNames', async () => {
  const Original = Intl.DisplayNames;
  let constructed = 0;
  const setDisplayNames = (value: typeof Original) => Object.defineProperty(Intl, 'DisplayNames', { value, configurable: true, writable: true });
  setDisplayNames(
    class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        constructed++;
      }
    },
  );
  try {
    // A fresh copy of the module (the query makes it a module of its own).
    const fresh = (await import(`./countries.ts?fresh=${Date.now()}`)) as typeof import('./countries');
    assert.equal(constructed, 0);
    assert.equal(fresh.countryCode('GB'), 'GB');
    assert.equal(constructed, 0);
    assert.equal(fresh.countryCode('Hong Kong'), 'HK');
    assert.equal(fresh.countryNames().length, 249);
    assert.equal(constructed, 1);
  } finally {
    setDisplayNames(Original);
  }
});

test('pickers offer where the diaspora lives first, then every country once', () => {
  const first = diasporaCountryNames();
  assert.deepEqual(first.slice(0, 6), ['Canada', 'United States', 'United Kingdom', 'United Arab Emirates', 'Australia', 'Singapore']);
  const all = countryNamesDiasporaFirst();
  assert.deepEqual(all.slice(0, first.length), first);
  assert.equal(new Set(all).size, all.length, 'no name twice');
  assert.deepEqual([...all].sort(), [...countryNames()].sort(), 'the full list');
});
