// The reader cookie (the member's browser's language and time zone) is read back only when it names ones the
// runtime knows: whatever else a browser sends is no reader at all, never an error.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseReader, parseReaderCookie, readerCookieValue } from './reader';

test("a reader's cookie value reads back as the same reader, canonical", () => {
  assert.deepEqual(parseReader(readerCookieValue({ locale: 'en-GB', timeZone: 'Europe/London' })), { locale: 'en-GB', timeZone: 'Europe/London' });
  assert.deepEqual(parseReader('hi-in|Asia%2FKolkata'), { locale: 'hi-IN', timeZone: 'Asia/Kolkata' });
});

test('an unknown zone, a malformed language, a missing or extra part, bad escapes or a long value are no reader', () => {
  for (const value of [undefined, null, '', 'en-GB', 'en-GB|', '|Europe/London', 'en-GB|Mars/Olympus', 'not a locale!|Europe/London', 'en-GB|Europe/London|x', '%E0%A4|Europe/London', `en-GB|${'x'.repeat(300)}`]) {
    assert.equal(parseReader(value), null, String(value));
  }
});

test("the cookie's parts are found in a document.cookie string without checking them", () => {
  assert.deepEqual(parseReaderCookie(`a=1; saathi.reader=${readerCookieValue({ locale: 'en-GB', timeZone: 'Europe/London' })}; b=2`), { locale: 'en-GB', timeZone: 'Europe/London' });
  assert.equal(parseReaderCookie('a=1; b=2'), null);
  assert.equal(parseReaderCookie('saathi.reader=en-GB'), null);
});
