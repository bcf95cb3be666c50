import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NAKSHATRAS, RASHIS } from '../../../contracts/enums';
import { lahiriAyanamsa, localToUtc, lookupPlace, zoneOffsetMs } from './astro';
import { castChart } from './chart';

const iso = (ms: number) => new Date(ms).toISOString();

describe('birth place → coordinates and zone (offline gazetteer)', () => {
  test('the country picks among same-named cities; unknown places give null', () => {
    assert.equal(lookupPlace('London, UK')?.timeZone, 'Europe/London');
    assert.equal(lookupPlace('London, United Kingdom')?.timeZone, 'Europe/London');
    assert.equal(lookupPlace('London, Canada')?.timeZone, 'America/Toronto');
    assert.equal(lookupPlace('New York, USA')?.timeZone, 'America/New_York');
    assert.equal(lookupPlace('Chennai, India')?.timeZone, 'Asia/Kolkata');
    assert.equal(lookupPlace('Chennai, Canada'), null);
    assert.equal(lookupPlace('Atlantis, Nowhere'), null);
    assert.equal(lookupPlace(''), null);
  });
});

describe('local birth time → UTC with the zone\'s historical offsets', () => {
  test('London on both sides of the 2020 change to BST (29 March, 01:00 UTC)', () => {
    assert.equal(iso(localToUtc({ year: 2020, month: 3, day: 28, hour: 12, minute: 0 }, 'Europe/London')), '2020-03-28T12:00:00.000Z'); // GMT
    assert.equal(iso(localToUtc({ year: 2020, month: 3, day: 29, hour: 12, minute: 0 }, 'Europe/London')), '2020-03-29T11:00:00.000Z'); // BST
    // 01:30 never happened that night; read with the offset before the change (GMT).
    assert.equal(iso(localToUtc({ year: 2020, month: 3, day: 29, hour: 1, minute: 30 }, 'Europe/London')), '2020-03-29T01:30:00.000Z');
    // 01:30 happened twice on 25 October 2020; the first (still BST) is taken.
    assert.equal(iso(localToUtc({ year: 2020, month: 10, day: 25, hour: 1, minute: 30 }, 'Europe/London')), '2020-10-25T00:30:00.000Z');
  });

  test('New York in winter (EST, UTC−5) and summer (EDT, UTC−4)', () => {
    assert.equal(iso(localToUtc({ year: 1990, month: 1, day: 15, hour: 9, minute: 0 }, 'America/New_York')), '1990-01-15T14:00:00.000Z');
    assert.equal(iso(localToUtc({ year: 1990, month: 7, day: 4, hour: 9, minute: 0 }, 'America/New_York')), '1990-07-04T13:00:00.000Z');
  });

  test('India: IST +05:30 after 1945, war time +06:30 in 1943, Madras time +05:21:10 in 1900', () => {
    assert.equal(iso(localToUtc({ year: 1947, month: 8, day: 15, hour: 0, minute: 0 }, 'Asia/Kolkata')), '1947-08-14T18:30:00.000Z');
    assert.equal(iso(localToUtc({ year: 1943, month: 6, day: 1, hour: 10, minute: 0 }, 'Asia/Kolkata')), '1943-06-01T03:30:00.000Z');
    assert.equal(iso(localToUtc({ year: 1900, month: 1, day: 1, hour: 6, minute: 0 }, 'Asia/Kolkata')), '1900-01-01T00:38:50.000Z');
    assert.equal(zoneOffsetMs('Asia/Kolkata', Date.UTC(1900, 0, 1)), (5 * 3600 + 21 * 60 + 10) * 1000);
  });
});

describe('positions against published values', () => {
  test('Lahiri ayanamsa is 23°51′ at J2000 (mean 23.857°, plus nutation)', () => {
    const value = lahiriAyanamsa(new Date('2000-01-01T12:00:00Z'));
    assert.ok(Math.abs(value - 23.857) < 0.01, String(value));
  });

  test("India's independence, 15 August 1947 00:00 IST, New Delhi: Taurus lagna, Moon in Pushya (Cancer)", () => {
    // The most published chart in Indian mundane astrology (e.g. B. V. Raman, "Notable Horoscopes"; the Astrological
    // Magazine): Vrishabha lagna about 7°43′, Moon at 3°59′ Karka in Pushya nakshatra (pada 1), Sun 27°59′ Karka,
    // Mars 7°27′ Mithuna — all Lahiri ayanamsa.
    const chart = castChart({
      gender: null, dateOfBirth: '1947-08-15', birthHour: 12, birthMinute: 0, birthAmPm: 'AM', birthPlace: 'New Delhi, India',
      zodiacSign: null, rashi: null, nakshatra: null, manglik: null,
    });
    assert.equal(chart.inputs.birthUtc, '1947-08-14T18:30:00.000Z');
    assert.equal(NAKSHATRAS[chart.moon.nakshatra], 'Pushya');
    assert.equal(chart.moon.pada, 1);
    assert.equal(RASHIS[chart.moon.rashi], 'Karka');
    assert.ok(Math.abs(chart.moon.longitude - (90 + 3 + 59 / 60)) < 0.1, String(chart.moon.longitude));
    assert.equal(RASHIS[Math.floor((chart.ascendant ?? -1) / 30)], 'Vrishabha');
    assert.ok(Math.abs((chart.ascendant ?? 0) - (30 + 7 + 43 / 60)) < 0.25, String(chart.ascendant));
    assert.ok(Math.abs((chart.grahas?.Sun ?? 0) - (90 + 27 + 59 / 60)) < 0.1);
    assert.ok(Math.abs((chart.grahas?.Mars ?? 0) - (60 + 7 + 27 / 60)) < 0.1);
    // Mars in Mithuna is the 2nd whole-sign house from a Vrishabha lagna: Manglik by the houses used (1, 2, 4, 7, 8, 12).
    assert.deepEqual(chart.manglik, { isManglik: true, from: 'ascendant', marsHouse: 2 });
  });
});
