import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadCatalogue } from '../i18n/catalogue';
import { intlFor } from '../i18n/i18n-provider';
import { setTranslator } from '../i18n/translate';
import { asReader, clockTime, dayLabel, lastSeenText, shortRelativeTime } from './message-time';

test('short relative times of the conversation list', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  assert.equal(shortRelativeTime(ago(20_000), now), 'just now');
  assert.equal(shortRelativeTime(ago(5 * 60_000), now), '5m ago');
  assert.equal(shortRelativeTime(ago(3 * 3_600_000), now), '3h ago');
  assert.equal(shortRelativeTime(ago(2 * 86_400_000), now), '2d ago');
  assert.equal(shortRelativeTime(ago(40 * 86_400_000), now), '1mo ago');
  assert.equal(shortRelativeTime(ago(400 * 86_400_000), now), '1y ago');
});

test("a chat's day labels and clock times are the browser's own, for each reader (formatters are kept per reader)", () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const moments = ['2026-03-10T08:05:00Z', '2026-03-09T23:30:00Z', '2026-03-01T18:45:00Z', '2025-12-31T23:59:00Z'];
  const readers = [
    ['en-GB', 'Europe/London'],
    ['en-US', 'America/New_York'],
    ['hi-IN', 'Asia/Kolkata'],
    ['en-GB', 'Asia/Kolkata'],
  ] as const;
  for (const [locale, timeZone] of readers) {
    asReader(locale, timeZone, () => {
      for (const value of moments) {
        const date = new Date(value);
        assert.equal(clockTime(value), date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', timeZone }), `${locale} ${timeZone} ${value}`);
        const label = dayLabel(date, now);
        if (label !== 'Today' && label !== 'Yesterday') {
          assert.equal(label, date.toLocaleDateString(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone }));
        }
      }
    });
  }
  // 2026-03-09T23:30Z is already the 10th in Kolkata (today) but the 9th in London (yesterday).
  assert.equal(asReader('en-GB', 'Asia/Kolkata', () => dayLabel(new Date('2026-03-09T23:30:00Z'), now)), 'Today');
  assert.equal(asReader('en-GB', 'Europe/London', () => dayLabel(new Date('2026-03-09T23:30:00Z'), now)), 'Yesterday');
});

test('the chat times in Hindi and Tamil: words from the catalogue, dates in the language, on the reader clock', async () => {
  const now = new Date('2026-12-07T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  try {
    setTranslator(intlFor('hi', await loadCatalogue('hi')));
    assert.equal(shortRelativeTime(ago(20_000), now), 'अभी');
    assert.equal(shortRelativeTime(ago(3_600_000), now), '1 घंटा पहले');
    assert.equal(shortRelativeTime(ago(3 * 3_600_000), now), '3 घंटे पहले');
    assert.equal(lastSeenText(ago(5 * 60_000).toISOString(), now), 'आख़िरी बार 5 मिनट पहले देखे गए');
    asReader('en-GB', 'Asia/Kolkata', () => {
      assert.equal(dayLabel(ago(60_000), now), 'आज');
      assert.equal(dayLabel(ago(86_400_000), now), 'कल');
      // Another day is written in Hindi (hi-IN), not in the browser's English.
      const older = new Date('2026-11-20T06:00:00Z');
      assert.equal(dayLabel(older, now), older.toLocaleDateString('hi-IN', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Kolkata' }));
    });
    setTranslator(intlFor('ta', await loadCatalogue('ta')));
    assert.equal(shortRelativeTime(ago(2 * 86_400_000), now), '2 நாட்கள் முன்பு');
    assert.equal(asReader('en-GB', 'Asia/Kolkata', () => dayLabel(ago(86_400_000), now)), 'நேற்று');
  } finally {
    setTranslator(intlFor('en', await loadCatalogue('en')));
  }
  assert.equal(lastSeenText(ago(5 * 60_000).toISOString(), now), 'Last seen 5m ago');
});
