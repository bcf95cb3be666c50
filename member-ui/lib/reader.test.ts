// The reader cookie tells the server the browser's language and time zone. A returning browser whose cookie already
// holds them is not made to load Intl's locale data at start-up; any change is still written.
import '../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';
import { READER_COOKIE, parseReaderCookie, readerCookieValue } from '../../contracts/reader';
import { rememberReader } from './reader';

const g = globalThis as { Temporal?: unknown };
const realDateTimeFormat = Intl.DateTimeFormat;
let intlCalls = 0;
let zone = 'Europe/London';

beforeEach(() => {
  intlCalls = 0;
  zone = 'Europe/London';
  g.Temporal = { Now: { timeZoneId: () => zone } };
  // The browser's own answer: this browser's language, and the zone Temporal gives.
  (Intl as { DateTimeFormat: unknown }).DateTimeFormat = function DateTimeFormat() {
    intlCalls++;
    return { resolvedOptions: () => ({ locale: navigator.language, timeZone: zone }) };
  };
  previousVisit(null);
});

afterEach(() => {
  (Intl as { DateTimeFormat: unknown }).DateTimeFormat = realDateTimeFormat;
  delete g.Temporal;
});

const saidNow = () => parseReaderCookie(document.cookie);

/** The cookie a previous visit left (or none, for `null`). */
function previousVisit(reader: { locale: string; timeZone: string } | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the app writes this cookie the same way (lib/reader.ts)
  document.cookie = reader ? `${READER_COOKIE}=${readerCookieValue(reader)}; path=/` : `${READER_COOKIE}=; max-age=0; path=/`;
}

test('a first visit writes the language and zone Intl resolves', () => {
  rememberReader();
  assert.deepEqual(saidNow(), { locale: navigator.language, timeZone: 'Europe/London' });
  assert.equal(intlCalls, 1);
});

test('a returning browser with the same language and zone is not made to load Intl', () => {
  previousVisit({ locale: navigator.language, timeZone: 'Europe/London' });
  rememberReader();
  assert.equal(intlCalls, 0);
  assert.deepEqual(saidNow(), { locale: navigator.language, timeZone: 'Europe/London' });
});

test('a member who has flown to another zone gets the new zone written', () => {
  previousVisit({ locale: navigator.language, timeZone: 'Europe/London' });
  zone = 'Asia/Kolkata';
  rememberReader();
  assert.equal(intlCalls, 1);
  assert.deepEqual(saidNow(), { locale: navigator.language, timeZone: 'Asia/Kolkata' });
});

test('without Temporal, Intl decides every time', () => {
  delete g.Temporal;
  previousVisit({ locale: navigator.language, timeZone: 'Europe/London' });
  rememberReader();
  assert.equal(intlCalls, 1);
  assert.deepEqual(saidNow(), { locale: navigator.language, timeZone: 'Europe/London' });
});
