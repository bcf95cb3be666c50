import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { NAKSHATRAS, RASHIS } from '../../../contracts/enums';
import { type BirthData, castChart } from './chart';
import { effectiveAstro } from './effective';

const base: BirthData = {
  gender: 'female', dateOfBirth: '1994-02-20', birthHour: 7, birthMinute: 45, birthAmPm: 'PM', birthPlace: 'Chennai, India',
  zodiacSign: 'Aries', rashi: 'Mesha', nakshatra: 'Ashwini', manglik: null,
};

describe('effectiveAstro: one rashi, nakshatra, Manglik and sign per profile', () => {
  test('with birth date, time and place the chart\'s values win over the entries, marked computed (as castChart casts them)', () => {
    const births: Array<Partial<BirthData>> = [
      {},
      { birthPlace: 'New York, USA', dateOfBirth: '1991-09-03', birthHour: 11, birthMinute: 10, birthAmPm: 'AM' },
      { birthPlace: 'Leicester, United Kingdom', dateOfBirth: '1988-11-30', birthHour: 12, birthMinute: 0, birthAmPm: 'AM', manglik: false },
      { birthPlace: 'Mumbai, India', dateOfBirth: '2000-07-04', birthHour: 3, birthMinute: 33, birthAmPm: 'PM', manglik: true },
    ];
    for (const birth of births) {
      const b = { ...base, ...birth };
      const chart = castChart(b);
      const astro = effectiveAstro(b);
      assert.deepEqual(
        [astro.rashi, astro.nakshatra, astro.manglik, astro.zodiacSign],
        [RASHIS[chart.moon.rashi], NAKSHATRAS[chart.moon.nakshatra], chart.manglik.isManglik, chart.sunSign],
        JSON.stringify(birth),
      );
      assert.deepEqual(astro.astroSource, { rashi: 'computed', nakshatra: 'computed', manglik: 'computed', zodiacSign: 'computed' });
    }
    // The fixture's entries really are contradicted: Chennai 20 Feb 1994 19:45 puts the Moon in Vrishabha.
    assert.equal(effectiveAstro(base).rashi, 'Vrishabha');
    assert.equal(effectiveAstro(base).zodiacSign, 'Pisces');
  });

  test('without a birth time the member\'s entries count, marked entered', () => {
    const astro = effectiveAstro({ ...base, birthHour: null, manglik: false });
    assert.deepEqual(astro, {
      rashi: 'Mesha', nakshatra: 'Ashwini', manglik: false, zodiacSign: 'Aries',
      astroSource: { rashi: 'entered', nakshatra: 'entered', manglik: 'entered', zodiacSign: 'entered' },
    });
    // An unknown birth place is the same as no time: the entries count.
    assert.equal(effectiveAstro({ ...base, birthPlace: 'Atlantis' }).rashi, 'Mesha');
  });

  test('without a Manglik answer, the Kundali report\'s Mars-from-the-Moon is the profile\'s too', () => {
    const b = { ...base, birthHour: null, manglik: null };
    const astro = effectiveAstro(b);
    assert.equal(astro.manglik, castChart(b).manglik.isManglik);
    assert.equal(astro.astroSource.manglik, 'computed');
  });

  test('nothing entered and nothing to compute: nulls, never a guess; the sign from the date alone', () => {
    const bare = { ...base, birthHour: null, rashi: null, nakshatra: null, zodiacSign: null };
    assert.deepEqual(effectiveAstro(bare), {
      rashi: null, nakshatra: null, manglik: null, zodiacSign: 'Pisces',
      astroSource: { rashi: null, nakshatra: null, manglik: null, zodiacSign: 'computed' },
    });
    assert.equal(effectiveAstro({ ...bare, dateOfBirth: null }).zodiacSign, null);
  });

  test('the same row object asked again after an edit is answered afresh', () => {
    const row = { ...base };
    assert.equal(effectiveAstro(row).astroSource.rashi, 'computed');
    row.birthHour = null;
    assert.equal(effectiveAstro(row).rashi, 'Mesha');
  });
});
