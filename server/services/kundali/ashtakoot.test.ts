import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { NAKSHATRAS, RASHIS } from '../../../contracts/enums';
import { KOOTA_MAX, type KootaBreakdown } from '../../../contracts/kundali';
import { astroCard, basicResult } from './analysis';
import { type MoonPlacement, ashtakoot, ashtakootDirected, bhakoot, gana, grahaMaitri, nadi, tara, yoni } from './ashtakoot';
import { castChart, enteredMoonLongitude, moonPlacement } from './chart';
import { vimshottari } from './dasha';
import { gunaScoreForProfiles } from './index';
import { llmNarrative } from './llm';
import { GRAHA_MAITRI_POINTS, NATURAL_RELATIONS, SIGN_LORDS, YONI_POINTS } from './tables';

/** A Moon placement from rashi and nakshatra names, at the middle of their overlap (as the engine's fallback). */
function m(rashi: (typeof RASHIS)[number], nakshatra: (typeof NAKSHATRAS)[number]): MoonPlacement {
  const lon = enteredMoonLongitude(rashi, nakshatra);
  if (lon === null) throw new Error(`${rashi}/${nakshatra} do not overlap`);
  return moonPlacement(lon);
}
const sum = (b: KootaBreakdown) => Object.values(b).reduce((s, v) => s + v, 0);
const kootas = (varna: number, vashya: number, taraPts: number, yoniPts: number, grahaMaitriPts: number, gana: number, bhakootPts: number, nadiPts: number): KootaBreakdown => ({
  varna, vashya, tara: taraPts, yoni: yoniPts, grahaMaitri: grahaMaitriPts, gana, bhakoot: bhakootPts, nadi: nadiPts,
});

describe('Ashtakoot: pairs computed by hand from the tables (groom first, bride second)', () => {
  // Each case: [groom, bride, expected breakdown, hand computation]. Counts are inclusive (Ashwini→Ashwini = 1).
  const cases: [MoonPlacement, MoonPlacement, KootaBreakdown, number][] = [
    // 1. Ashwini/Mesha × Ashwini/Mesha. Varna K=K → 1. Vashya Ch–Ch 2. Tara count 1 both ways (1 mod 9 = 1, fine) → 3.
    //    Yoni Horse–Horse 4. Maitri Mars–Mars 5. Gana Deva–Deva 6. Bhakoot same sign 7. Nadi Aadi–Aadi 0. = 28
    [m('Mesha', 'Ashwini'), m('Mesha', 'Ashwini'), kootas(1, 2, 3, 4, 5, 6, 7, 0), 28],
    // 2. Rohini/Vrishabha × Magha/Simha. Varna Vaishya < Kshatriya → 0. Vashya Ch–Vanachara 0.5.
    //    Tara 4→10 = 7 (Vadha, 0); 10→4 = 22, 22 mod 9 = 4 → 1.5. Yoni Serpent–Rat 1. Maitri Venus–Sun 0.
    //    Gana bride Rakshasa, groom Manushya → 0. Bhakoot Vrishabha→Simha = 4 (4/10) → 7. Nadi Antya–Antya 0. = 10
    [m('Vrishabha', 'Rohini'), m('Simha', 'Magha'), kootas(0, 0.5, 1.5, 1, 0, 0, 7, 0), 10],
    // 3. Hasta/Kanya × Revati/Meena. Varna Vaishya < Brahmin 0. Vashya Manava–Jalachara 0.5.
    //    Tara 13→27 = 15, mod 9 = 6 → 1.5; 27→13 = 14, mod 9 = 5 (Pratyak) → 0. Yoni Buffalo–Elephant 3.
    //    Maitri Mercury–Jupiter 0.5. Gana Deva–Deva 6. Bhakoot Kanya→Meena = 7 → 7. Nadi Aadi–Antya 8. = 26.5
    [m('Kanya', 'Hasta'), m('Meena', 'Revati'), kootas(0, 0.5, 1.5, 3, 0.5, 6, 7, 8), 26.5],
    // 4. Mula/Dhanu × Pushya/Karka. Varna Kshatriya < Brahmin 0. Vashya: Mula lies in Dhanu's first half (Manava)
    //    vs Jalachara 0.5. Tara 19→8 = 17, mod 9 = 8 → 1.5; 8→19 = 12, mod 9 = 3 (Vipat) → 0. Yoni Dog–Sheep 1.
    //    Maitri Jupiter–Moon 4. Gana bride Deva, groom Rakshasa 1. Bhakoot Dhanu→Karka = 8 (6/8) 0. Nadi Aadi–Madhya 8. = 16
    [m('Dhanu', 'Mula'), m('Karka', 'Pushya'), kootas(0, 0.5, 1.5, 1, 4, 1, 0, 8), 16],
    // 5. Shravana/Makara × Uttara Ashadha/Dhanu. Varna Vaishya < Kshatriya 0. Vashya: Shravana is in Makara's
    //    second half (Jalachara); Uttara Ashadha's Dhanu quarter is the second half (Chatushpada) → 1.
    //    Tara 22→21 = 27, mod 9 = 0 → 1.5; 21→22 = 2 → 1.5. Yoni Monkey–Mongoose 3. Maitri Saturn–Jupiter 3.
    //    Gana bride Manushya, groom Deva 6. Bhakoot Makara→Dhanu = 12 (2/12) 0. Nadi Antya–Antya 0. = 16
    [m('Makara', 'Shravana'), m('Dhanu', 'Uttara Ashadha'), kootas(0, 1, 3, 3, 3, 6, 0, 0), 16],
    // 6. Chitra/Tula × Anuradha/Vrishchika. Varna Shudra < Brahmin 0. Vashya Manava–Keeta 1.
    //    Tara 14→17 = 4 → 1.5; 17→14 = 25, mod 9 = 7 (Vadha) → 0. Yoni Tiger–Deer 1. Maitri Venus–Mars 3.
    //    Gana bride Deva, groom Rakshasa 1. Bhakoot Tula→Vrishchika = 2 (2/12) 0. Nadi Madhya–Madhya 0. = 7.5
    [m('Tula', 'Chitra'), m('Vrishchika', 'Anuradha'), kootas(0, 1, 1.5, 1, 3, 1, 0, 0), 7.5],
    // 7. Punarvasu/Karka × Swati/Tula. Varna Brahmin ≥ Shudra 1. Vashya Jalachara–Manava 0.5.
    //    Tara 7→15 = 9, mod 9 = 0 → 1.5; 15→7 = 20, mod 9 = 2 → 1.5. Yoni Cat–Buffalo 2. Maitri Moon–Venus 0.5.
    //    Gana Deva–Deva 6. Bhakoot Karka→Tula = 4 → 7. Nadi Aadi–Antya 8. = 28
    [m('Karka', 'Punarvasu'), m('Tula', 'Swati'), kootas(1, 0.5, 3, 2, 0.5, 6, 7, 8), 28],
    // 8. Bharani/Mesha × Jyeshtha/Vrishchika. Varna Kshatriya < Brahmin 0. Vashya Ch–Keeta 1.
    //    Tara 2→18 = 17, mod 9 = 8 → 1.5; 18→2 = 12, mod 9 = 3 → 0. Yoni Elephant–Deer 2. Maitri Mars–Mars 5.
    //    Gana bride Rakshasa, groom Manushya 0. Bhakoot Mesha→Vrishchika = 8 (6/8) 0. Nadi Madhya–Aadi 8. = 17.5
    [m('Mesha', 'Bharani'), m('Vrishchika', 'Jyeshtha'), kootas(0, 1, 1.5, 2, 5, 0, 0, 8), 17.5],
    // 9. Purva Bhadrapada/Kumbha × Magha/Simha. Varna Shudra < Kshatriya 0. Vashya Manava–Vanachara 0.
    //    Tara 25→10 = 13, mod 9 = 4 → 1.5; 10→25 = 16, mod 9 = 7 → 0. Yoni Lion–Rat 2. Maitri Saturn–Sun 0.
    //    Gana bride Rakshasa, groom Manushya 0. Bhakoot Kumbha→Simha = 7 → 7. Nadi Aadi–Antya 8. = 18.5
    [m('Kumbha', 'Purva Bhadrapada'), m('Simha', 'Magha'), kootas(0, 0, 1.5, 2, 0, 0, 7, 8), 18.5],
    // 10. Krittika/Vrishabha × Mrigashira/Mithuna. Varna Vaishya ≥ Shudra 1. Vashya Ch–Manava 1.
    //    Tara 3→5 = 3 (Vipat) 0; 5→3 = 26, mod 9 = 8 → 1.5. Yoni Sheep–Serpent 2. Maitri Venus–Mercury 5.
    //    Gana bride Deva, groom Rakshasa 1. Bhakoot Vrishabha→Mithuna = 2 (2/12) 0. Nadi Antya–Madhya 8. = 19.5
    [m('Vrishabha', 'Krittika'), m('Mithuna', 'Mrigashira'), kootas(1, 1, 1.5, 2, 5, 1, 0, 8), 19.5],
  ];
  for (const [i, [groom, bride, expected, total]] of cases.entries()) {
    test(`pair ${i + 1}: ${RASHIS[groom.rashi]}/${NAKSHATRAS[groom.nakshatra]} × ${RASHIS[bride.rashi]}/${NAKSHATRAS[bride.nakshatra]} = ${total}`, () => {
      const got = ashtakootDirected(groom, bride);
      assert.deepEqual(got, expected);
      assert.equal(sum(got), total);
      // With genders the same pair is oriented automatically, whichever profile comes first.
      assert.equal(ashtakoot({ ...bride, gender: 'female' }, { ...groom, gender: 'male' }).score, total);
    });
  }

  test('Gana follows the majority of printed tables: groom Deva with bride Manushya 6, the reverse 5; groom Rakshasa with bride Deva 1, the reverse 0', () => {
    const ashwini = m('Mesha', 'Ashwini'); // Deva
    const bharani = m('Mesha', 'Bharani'); // Manushya
    const krittika = m('Mesha', 'Krittika'); // Rakshasa
    assert.equal(gana(ashwini, bharani), 6);
    assert.equal(gana(bharani, ashwini), 5);
    assert.equal(gana(krittika, ashwini), 1);
    assert.equal(gana(ashwini, krittika), 0);
  });

  test('pair 11 (two women): the roles do not apply, so the better orientation is kept', () => {
    // Magha/Simha (Rakshasa) and Ashwini/Mesha (Deva). Symmetric kootas: Vashya Vanachara–Ch 0.5; Tara 10→1 = 19
    // (mod 9 = 1) and 1→10 = 10 (mod 9 = 1) → 3; Yoni Rat–Horse 2; Maitri Sun–Mars 5; Bhakoot Simha→Mesha = 9 (5/9) 0;
    // Nadi Antya–Aadi 8; Varna K–K 1. Gana: Magha as "groom" → bride Deva/groom Rakshasa 1 (total 20.5);
    // Ashwini as "groom" → bride Rakshasa/groom Deva 0 (total 19.5). Kept: 20.5.
    const a = { ...m('Simha', 'Magha'), gender: 'female' };
    const b = { ...m('Mesha', 'Ashwini'), gender: 'female' };
    assert.equal(sum(ashtakootDirected(a, b)), 20.5);
    assert.equal(sum(ashtakootDirected(b, a)), 19.5);
    const result = ashtakoot(a, b);
    assert.equal(result.score, 20.5);
    assert.equal(result.orientation, 'best-of-both');
  });
});

describe('Ashtakoot properties', () => {
  const placement = fc.double({ min: 0, max: 359.999999, noNaN: true }).map(moonPlacement);
  const gender = fc.constantFrom('male', 'female', 'other', null);

  test('every total is within 0–36 and every koota within its maximum', () => {
    fc.assert(
      fc.property(placement, placement, gender, gender, (a, b, ga, gb) => {
        const r = ashtakoot({ ...a, gender: ga }, { ...b, gender: gb });
        assert.ok(r.score >= 0 && r.score <= 36);
        for (const [k, v] of Object.entries(r.breakdown)) assert.ok(v >= 0 && v <= KOOTA_MAX[k as keyof typeof KOOTA_MAX], k);
        assert.equal(r.score, sum(r.breakdown));
      }),
      { numRuns: 2000 },
    );
  });

  test('Yoni and Graha Maitri tables are symmetric; so are Tara, Yoni, Maitri, Bhakoot and Nadi', () => {
    for (let i = 0; i < 14; i++) for (let j = 0; j < 14; j++) assert.equal(YONI_POINTS[i][j], YONI_POINTS[j][i], `yoni ${i},${j}`);
    for (let i = 0; i < 7; i++) for (let j = 0; j < 7; j++) assert.equal(GRAHA_MAITRI_POINTS[i][j], GRAHA_MAITRI_POINTS[j][i], `maitri ${i},${j}`);
    fc.assert(
      fc.property(placement, placement, (a, b) => {
        for (const f of [tara, yoni, grahaMaitri, bhakoot, nadi]) assert.equal(f(a, b), f(b, a), f.name);
      }),
      { numRuns: 1000 },
    );
  });

  test('the Graha Maitri table equals its derivation from the natural friendships (BPHS ch. 3)', () => {
    const rel = (a: (typeof SIGN_LORDS)[number], b: (typeof SIGN_LORDS)[number]) =>
      a === b || NATURAL_RELATIONS[a].friends.includes(b) ? 'F' : NATURAL_RELATIONS[a].enemies.includes(b) ? 'E' : 'N';
    const points: Record<string, number> = { FF: 5, FN: 4, NF: 4, NN: 3, FE: 1, EF: 1, NE: 0.5, EN: 0.5, EE: 0 };
    for (const [i, a] of SIGN_LORDS.entries()) for (const [j, b] of SIGN_LORDS.entries()) {
      assert.equal(GRAHA_MAITRI_POINTS[i][j], points[rel(a, b) + rel(b, a)], `${a}–${b}`);
    }
  });
});

describe('charts, dasha and helpers', () => {
  const profile = {
    gender: 'female', dateOfBirth: '1994-02-20', birthHour: 7, birthMinute: 45, birthAmPm: 'PM', birthPlace: 'Leicester, United Kingdom',
    zodiacSign: 'Pisces', rashi: 'Mesha', nakshatra: 'Ashwini', manglik: false,
  };

  test('Vimshottari from the Moon at the start of Ashwini: Ketu 7 years, then Venus 20', () => {
    const birth = new Date('2000-01-01T00:00:00Z');
    const year = 365.25 * 24 * 3600_000;
    assert.deepEqual(vimshottari(0, birth, new Date(birth.getTime() + 3 * year)), { currentDasha: 'Ketu', remainingYears: 4, nextDasha: 'Venus' });
    assert.deepEqual(vimshottari(0, birth, new Date(birth.getTime() + 10 * year)), { currentDasha: 'Venus', remainingYears: 17, nextDasha: 'Sun' });
    // Half-way through Bharani (Venus): 10 of Venus's 20 years remain at birth.
    assert.deepEqual(vimshottari(13.3333333 * 1.5, birth, birth), { currentDasha: 'Venus', remainingYears: 10, nextDasha: 'Sun' });
  });

  test('missing birth time falls back on the entered rashi and nakshatra, and says so', () => {
    const chart = castChart({ ...profile, birthHour: null });
    assert.equal(chart.inputs.moon, 'entered');
    // Without a birth time the member's own Manglik answer counts; Mars from the Moon only stands in for none.
    assert.equal(chart.inputs.manglik, 'entered');
    assert.equal(castChart({ ...profile, birthHour: null, manglik: null }).inputs.manglik, 'moon');
    assert.equal(RASHIS[chart.moon.rashi], 'Mesha');
    assert.equal(NAKSHATRAS[chart.moon.nakshatra], 'Ashwini');
    assert.ok(chart.inputs.notes.some((n) => /rashi and nakshatra/.test(n)));
    const full = castChart(profile);
    assert.equal(full.inputs.moon, 'birth-chart');
    assert.equal(full.inputs.manglik, 'ascendant');
    assert.equal(full.inputs.utcOffset, '+00:00');
  });

  test('incomplete data: no chart and no entries gives null to the matching engine, never a guess', () => {
    const bare = { ...profile, birthPlace: null, rashi: null, nakshatra: null };
    assert.equal(gunaScoreForProfiles(bare, profile), null);
    assert.equal(gunaScoreForProfiles({ ...profile, rashi: 'Kanya', nakshatra: 'Ashwini', birthHour: null }, profile), null); // contradictory entries
    const score = gunaScoreForProfiles({ ...profile, gender: 'male', birthHour: null, rashi: 'Kanya', nakshatra: 'Hasta' }, { ...profile, birthHour: null, rashi: 'Meena', nakshatra: 'Revati' });
    assert.equal(score, 26.5); // pair 3 above
  });

  test('the astrological card maps koota groups to percentages', () => {
    const base = { ...profile, birthHour: null };
    const card = astroCard(basicResult(castChart({ ...base, gender: 'male', rashi: 'Kanya', nakshatra: 'Hasta' }), castChart({ ...base, rashi: 'Meena', nakshatra: 'Revati' })));
    // pair 3: gana 6 + yoni 3 of 10 → 90; maitri 0.5 + vashya 0.5 of 7 → 14; bhakoot 7 + tara 1.5 of 10 → 85;
    // varna 0 + nadi 8 of 9 → 89; overall 26.5/36 → 74
    assert.deepEqual({ ...card, sign1: null, sign2: null, basis: undefined }, { overall: 74, temperament: 90, communication: 14, emotional: 85, values: 89, sign1: null, sign2: null, basis: undefined });
    assert.deepEqual(card.basis?.communication, { kootas: ['Graha Maitri', 'Vashya'], points: 1, max: 7 });
  });

  test('LLM narrative: used when the endpoint answers, null (rules fallback) on failure or when unconfigured', async () => {
    const llm = { baseUrl: 'http://llm.invalid/v1', model: 'test-model', apiKey: null };
    const ok = (async () => new Response(JSON.stringify({ choices: [{ message: { content: '## Overview\n- Good' } }] }))) as typeof fetch;
    assert.equal(await llmNarrative(llm, 'facts', { fetchImpl: ok }), '## Overview\n- Good');
    const failing = (async () => { throw new Error('down'); }) as typeof fetch;
    assert.equal(await llmNarrative(llm, 'facts', { fetchImpl: failing }), null);
    assert.equal(await llmNarrative({ baseUrl: null, model: null, apiKey: null }, 'facts', { fetchImpl: ok }), null);
  });
});
