import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RASHIS } from '../../../contracts/enums';
import { KOOTA_MAX } from '../../../contracts/kundali';
import { computeBasic } from './index';
import type { Chart } from './chart';
import { castChart } from './chart';
import { doshaExceptions, rashiChart } from './explain';
import { NAKSHATRA_SPAN } from './tables';

/** A chart with only a Moon (what the kootas read), at a sidereal longitude; Manglik as given. */
function moonChart(longitude: number, manglik = false, mars: number | null = null): Chart {
  return {
    gender: null,
    moon: { longitude, rashi: Math.floor(longitude / 30), nakshatra: Math.floor(longitude / NAKSHATRA_SPAN), pada: 1 },
    grahas: mars === null ? null : ({ Mars: mars } as Chart['grahas']),
    ascendant: null,
    sunSign: null,
    manglik: { isManglik: manglik, from: 'entered', marsHouse: manglik ? 1 : null },
    houseReference: null,
    inputs: {} as Chart['inputs'],
    birthInstant: null,
  };
}
const zero = { varna: 1, vashya: 2, tara: 3, yoni: 4, grahaMaitri: 5, gana: 6, bhakoot: 7, nadi: 8 };

describe('dosha exceptions are named with the rule that applies', () => {
  test('Nadi: same sign, different stars; same star, different signs; same star, different padas; none otherwise', () => {
    const nadiZero = { ...zero, nadi: 0 };
    // Krittika (pada 2) and Rohini are both in Vrishabha and both Antya nadi.
    assert.deepEqual(doshaExceptions(moonChart(31), moonChart(45), nadiZero).map((e) => [e.dosha, e.rule]), [['Nadi', 'Same Moon sign, different nakshatras']]);
    // Krittika pada 1 is in Mesha, pada 2 in Vrishabha.
    assert.deepEqual(doshaExceptions(moonChart(28), moonChart(31), nadiZero).map((e) => e.rule), ['Same nakshatra, different Moon signs']);
    // Ashwini pada 1 and pada 2.
    assert.deepEqual(doshaExceptions(moonChart(1), moonChart(5), nadiZero).map((e) => e.rule), ['Same nakshatra, different padas']);
    // Ashwini (Mesha) and Magha (Simha): same nadi, nothing in common.
    assert.deepEqual(doshaExceptions(moonChart(1), moonChart(121), nadiZero), []);
    assert.deepEqual(doshaExceptions(moonChart(31), moonChart(45), zero), [], 'no dosha, no exception');
  });

  test('Bhakoot: the same lord or friendly lords cancel; enemies do not', () => {
    const bhakootZero = { ...zero, bhakoot: 0 };
    // Mesha and Vrishchika (6/8) are both ruled by Mars.
    assert.deepEqual(doshaExceptions(moonChart(10), moonChart(220), bhakootZero).map((e) => e.rule), ['Same lord of both Moon signs']);
    // Mesha and Simha are 5/9; Mars and the Sun are mutual friends.
    assert.deepEqual(doshaExceptions(moonChart(10), moonChart(130), bhakootZero).map((e) => e.rule), ['Lords of the Moon signs are mutual friends']);
    // Mesha and Kanya are 6/8; Mars and Mercury are not friends.
    assert.deepEqual(doshaExceptions(moonChart(10), moonChart(160), bhakootZero), []);
  });

  test('Manglik: both Manglik cancel; one Manglik chart with Mars in its own or exaltation sign cancels', () => {
    assert.deepEqual(doshaExceptions(moonChart(10, true), moonChart(100, true), zero).map((e) => e.rule), ['Both charts are Manglik']);
    assert.deepEqual(doshaExceptions(moonChart(10, true, 215), moonChart(100), zero).map((e) => e.rule), ['Mars in its own or exaltation sign']);
    assert.deepEqual(doshaExceptions(moonChart(10, true, 280), moonChart(100), zero).map((e) => e.rule), ['Mars in its own or exaltation sign'], 'exalted in Makara');
    assert.deepEqual(doshaExceptions(moonChart(10, true, 100), moonChart(100), zero), [], 'Mars in Karka: the dosha stands');
  });
});

describe('the basic result explains every koota', () => {
  test('eight kootas with rule, table and the points of the breakdown', () => {
    const a = { gender: 'female', dateOfBirth: '1994-02-20', birthHour: 7, birthMinute: 45, birthAmPm: 'PM', birthPlace: 'Chennai, India', zodiacSign: null, rashi: null, nakshatra: null, manglik: null };
    const b = { gender: 'male', dateOfBirth: '1991-09-03', birthHour: 11, birthMinute: 10, birthAmPm: 'AM', birthPlace: 'New York, USA', zodiacSign: null, rashi: null, nakshatra: null, manglik: null };
    const result = computeBasic(a, b);
    const kootas = result.kootas ?? [];
    assert.deepEqual(kootas.map((k) => k.key), Object.keys(KOOTA_MAX));
    for (const k of kootas) {
      assert.equal(k.points, result.astrologicalCompatibility.ashtakoot.breakdown[k.key]);
      assert.equal(k.max, KOOTA_MAX[k.key]);
      assert.ok(k.rule.length > 20 && k.yours.length > 10 && k.table.rows.length > 0, k.key);
      if (k.table.highlight) assert.ok(k.table.rows[k.table.highlight.row]?.cells[k.table.highlight.col] !== undefined, `${k.key} highlight is in the table`);
    }
    // The highlighted grid cells are the points given (Vashya, Yoni, Graha Maitri read the table directly).
    for (const key of ['vashya', 'yoni', 'grahaMaitri'] as const) {
      const k = kootas.find((x) => x.key === key);
      assert.ok(k?.table.highlight);
      assert.equal(Number(k.table.rows[k.table.highlight.row].cells[k.table.highlight.col]), k.points, key);
    }
  });
});

test('the rashi chart puts each graha in its whole-sign house from the ascendant', () => {
  const chart = castChart({ gender: 'female', dateOfBirth: '1994-02-20', birthHour: 7, birthMinute: 45, birthAmPm: 'PM', birthPlace: 'Chennai, India', zodiacSign: null, rashi: null, nakshatra: null, manglik: null });
  const view = rashiChart(chart);
  assert.equal(view.reference, 'ascendant');
  assert.equal(view.houses.length, 12);
  assert.equal(view.houses[0].rashi, Math.floor((chart.ascendant ?? 0) / 30));
  const placed = view.houses.flatMap((h) => h.grahas.map((g) => [g.name, h.rashiName] as const));
  assert.equal(placed.length, 9);
  for (const [name, sign] of placed) {
    const longitude = chart.grahas?.[name as keyof NonNullable<Chart['grahas']>] ?? -1;
    assert.equal(sign, RASHIS[Math.floor(longitude / 30)], name);
  }
});
