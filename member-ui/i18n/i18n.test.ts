import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRequire } from 'node:module';
import en from '../../contracts/i18n/catalogues/en.json';
import { LANGUAGES, languageFromAcceptLanguage, localeOf, visitorLanguage } from '../../contracts/i18n/languages';
import { groupedThousands, monthAndYear, relativeTime } from '../lib/format';
import { loadCatalogue, loadedCatalogue } from './catalogue';
import { intlFor } from './i18n-provider';
import { localizeMessage, setTranslator, translate } from './translate';
import { AUTH_MESSAGES } from '../../contracts/auth';

type Catalogue = Record<string, string>;
type IcuElement = { type: number; value?: unknown; options?: Record<string, { value: IcuElement[] }>; children?: IcuElement[] };
// The ICU parser react-intl formats with (its own dependency), as build.mjs compiles the catalogues with it.
const { parse } = createRequire(createRequire(import.meta.url).resolve('react-intl'))('@formatjs/icu-messageformat-parser') as { parse: (message: string) => IcuElement[] };

/** The arguments a message names (`{name}`, `{count, plural, …}`), wherever they sit in it. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: IcuElement[]) => {
    for (const element of elements) {
      // 0: literal text, 7: a plural's "#": no argument names
      if (element.value !== undefined && element.type !== 0 && element.type !== 7) names.add(String(element.value));
      for (const option of Object.values(element.options ?? {})) walk(option.value);
      if (element.children) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

test('every catalogue is valid ICU, has only ids English has, and names the same arguments as English', async () => {
  for (const { code } of LANGUAGES) {
    const own = (await import(`../../contracts/i18n/catalogues/${code}.json`)).default as Catalogue;
    for (const [id, message] of Object.entries(own)) {
      assert.ok(id in en, `${code}: ${id} is not in en.json`);
      assert.deepEqual(argumentsOf(message), argumentsOf((en as Catalogue)[id]), `${code}: ${id} names other arguments than English`);
    }
  }
});

test('Hindi and Tamil translate every message of the converted screens (only English-only notes may stay out)', async () => {
  const englishOnly = new Set(['server.email.invite.inEnglish']);
  for (const code of ['hi', 'ta'] as const) {
    const own = (await import(`../../contracts/i18n/catalogues/${code}.json`)).default as Catalogue;
    const missing = Object.keys(en).filter((id) => !(id in own) && !englishOnly.has(id));
    assert.deepEqual(missing, [], `${code} lacks these messages`);
  }
});

test('a catalogue is loaded once, on demand, with English filling what it lacks', async () => {
  assert.equal(loadedCatalogue('ta'), null, 'Tamil is not loaded before it is asked for');
  const tamil = await loadCatalogue('ta');
  assert.equal(loadedCatalogue('ta'), tamil);
  assert.equal(await loadCatalogue('ta'), tamil, 'the second call reuses the first');
  assert.equal(tamil['landing.title' as keyof typeof tamil], 'உங்களுக்கேற்ற வாழ்க்கைத் துணையைக் கண்டடையுங்கள்');
  assert.equal(tamil['server.email.invite.inEnglish' as keyof typeof tamil], (en as Catalogue)['server.email.invite.inEnglish']);
});

test("Hindi's plural forms: one for 0 and 1, other from 2; Tamil's one and other", async () => {
  setTranslator(intlFor('hi', await loadCatalogue('hi')));
  const now = new Date('2026-12-07T12:00:00Z');
  assert.equal(relativeTime('2026-12-07T11:00:00Z', now), '1 घंटा पहले');
  assert.equal(relativeTime('2026-12-07T09:00:00Z', now), '3 घंटे पहले');
  const order = translate('sort.bestOrder');
  assert.equal(translate('search.countMatching', { count: 0, formatted: '0', order }), '0 सदस्य आपकी खोज से मेल खाता है, सबसे अच्छा मेल पहले');
  assert.equal(translate('search.countMatching', { count: 2, formatted: '2', order }), '2 सदस्य आपकी खोज से मेल खाते हैं, सबसे अच्छा मेल पहले');
  setTranslator(intlFor('ta', await loadCatalogue('ta')));
  assert.equal(relativeTime('2026-12-04T12:00:00Z', now), '3 நாட்கள் முன்பு');
  assert.equal(relativeTime('2026-12-06T11:00:00Z', now), '1 நாள் முன்பு');
  setTranslator(intlFor('en', await loadCatalogue('en')));
  assert.equal(relativeTime('2026-12-07T09:00:00Z', now), '3 hours ago');
});

test('numbers and dates follow the language: Indian grouping in Hindi and Tamil, en-GB in English', async () => {
  setTranslator(intlFor('hi', await loadCatalogue('hi')));
  assert.equal(groupedThousands(1234567), '12,34,567');
  assert.equal(monthAndYear('2024-12-08'), 'दिसंबर 2024');
  setTranslator(intlFor('ta', await loadCatalogue('ta')));
  assert.equal(groupedThousands(1234567), '12,34,567');
  setTranslator(intlFor('en', await loadCatalogue('en')));
  assert.equal(groupedThousands(1234567), '1,234,567');
  assert.equal(monthAndYear('2024-12-08'), 'December 2024');
});

test("the contracts' messages are shown in the app's language, by the id they share with the server", async () => {
  setTranslator(intlFor('hi', await loadCatalogue('hi')));
  assert.equal(localizeMessage(AUTH_MESSAGES.passwordMin), 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए');
  assert.equal(localizeMessage('A message from the server, already translated'), 'A message from the server, already translated');
  setTranslator(intlFor('en', await loadCatalogue('en')));
  assert.equal(localizeMessage(AUTH_MESSAGES.passwordMin), AUTH_MESSAGES.passwordMin);
});

test('the language of a visitor: the landing page cookie, else the first Accept-Language Saathi speaks, else English', () => {
  assert.equal(languageFromAcceptLanguage('fr-FR,fr;q=0.9,ta;q=0.8,hi;q=0.7'), 'ta');
  assert.equal(languageFromAcceptLanguage('en;q=0.5,hi-IN'), 'hi');
  assert.equal(languageFromAcceptLanguage('hi;q=0,de'), null);
  assert.equal(visitorLanguage('ta', 'hi'), 'ta');
  assert.equal(visitorLanguage('xx', 'hi-IN'), 'hi');
  assert.equal(visitorLanguage(undefined, undefined), 'en');
  assert.equal(localeOf('hi'), 'hi-IN');
});
