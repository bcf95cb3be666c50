import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { Language } from '../../../../contracts/i18n/languages';
import type { KootaExplanation, RashiChartView } from '../../../../contracts/kundali';
import { buildSessionUser } from '../../../test/build-user';
import { type FetchHandler, jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, englishWords, fakeServer, renderAppIn } = await import('../../../test/render-app');
const { buildBasicResult, buildProfileSummary } = await import('../test-support');

afterEach(() => cleanupApp());

const renderIn = (language: Language, path: string, server: FetchHandler) => renderAppIn(language, path, server);

const ME = 7;
const chart: RashiChartView = {
  reference: 'ascendant',
  inputs: buildBasicResult().inputsUsed.profile1,
  houses: Array.from({ length: 12 }, (_, i) => ({
    house: i + 1,
    rashi: (4 + i) % 12,
    rashiName: ['Mesha', 'Vrishabha', 'Mithuna', 'Karka', 'Simha', 'Kanya', 'Tula', 'Vrishchika', 'Dhanu', 'Makara', 'Kumbha', 'Meena'][(4 + i) % 12],
    grahas: i === 0 ? [{ name: 'Sun', abbr: 'Su', degree: 12 }] : [],
  })),
};

/** A Nadi koota as the server explains it: its sentence about the two charts in English and as a catalogue message. */
const nadi: KootaExplanation = {
  key: 'nadi',
  name: 'Nadi',
  points: 8,
  max: 8,
  rule: 'Nadi (8 points): each nakshatra belongs to one of three nadis; the same nadi scores 0 (Nadi dosha), different nadis 8.',
  yours: 'Rohini is Antya (Kapha), Ashwini is Aadi (Vata).',
  said: { id: 'kundali.yours.nadi', values: { myStar: 'Rohini', myNadi: 'Antya (Kapha)', theirStar: 'Ashwini', theirNadi: 'Aadi (Vata)' } },
  table: { caption: 'Nakshatras by nadi', columns: ['Nakshatras'], rows: [{ label: 'Antya (Kapha)', cells: ['Krittika, Rohini'] }], highlight: null },
};

function server(result = buildBasicResult({ score: 24 }), language: Language = 'hi') {
  return fakeServer({
    user: buildSessionUser({ id: ME, profileId: 107, subscriptionTier: 'tryme', language }),
    handle: (request) => {
      const path = request.url.pathname;
      if (path === '/api/profiles/search') return jsonResponse(200, [buildProfileSummary(21, 'Arjun Nair', 'male', { relation: 'match', age: 31, city: 'London' })]);
      if (path === `/api/kundali/chart/${ME}`) return jsonResponse(200, chart);
      if (path === `/api/kundali-compatibility/${ME}/21`) return jsonResponse(200, result);
      // No call going on (answered, so no retry of it outlives the test's fetch stub).
      if (path === '/api/calls/current') return jsonResponse(200, { call: null });
      return undefined;
    },
  });
}

async function checkArjun(buttonName: string, pickerName = 'मिलान के लिए प्रोफ़ाइल') {
  const input = await screen.findByRole('combobox', { name: pickerName }, { timeout: 5000 });
  fireEvent.focus(input);
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Arjun Nair/ }));
  const button = screen.getByRole('button', { name: buttonName }) as HTMLButtonElement;
  await waitFor(() => assert.equal(button.disabled, false));
  fireEvent.click(button);
}

/** The basic result card (the page's own heading says "कुंडली मिलान" too). */
async function resultCard(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name: title });
  const card = heading.closest('section');
  assert.ok(card);
  return card;
}


test('in Hindi the Kundali screen reads in Hindi: the chart, the picker, the 36-guna card, Manglik and the upsell', async () => {
  await renderIn('hi', '/compatibility', server());
  const birth = await screen.findByRole('region', { name: 'आपकी जन्म कुंडली' }, { timeout: 5000 });
  await within(birth).findByRole('img', { name: /^उत्तर भारतीय राशि कुंडली/ });
  assert.ok(within(birth).getByText('भाव 1, सिंह (लग्न): सूर्य 12°'), 'houses, rashis and grahas in Hindi');
  assert.ok(within(birth).getByRole('radio', { name: 'दक्षिण भारतीय' }));
  assert.deepEqual(englishWords(birth.textContent ?? '', []), [], 'nothing English in the chart card');

  await checkArjun('कुंडली मिलान देखें');
  const card = await resultCard('कुंडली मिलान');
  const factors = within(card).getByRole('list', { name: 'अष्टकूट का ब्योरा' });
  assert.deepEqual(
    within(factors).getAllByRole('listitem').map((item) => item.querySelector('.koota__name')?.textContent),
    ['वर्ण', 'वश्य', 'तारा', 'योनि', 'ग्रह मैत्री', 'गण', 'भकूट', 'नाड़ी'],
  );
  assert.ok(within(card).getByRole('progressbar', { name: 'अष्टकूट: 36 में से 24 गुण' }));
  assert.ok(within(card).getByText('कुंभ और मिथुन'), 'the zodiac signs in Hindi');
  assert.match(card.textContent ?? '', /Arjun Nair की कुंडली मांगलिक है और आपकी नहीं/);
  assert.ok(within(card).getByText('यह मिलान 18 गुणों की पारंपरिक न्यूनतम सीमा पूरी करता है।'));
  assert.ok(within(card).getByText(/^जन्म कुंडली: 14 फ़रवरी 1995 6:30 am बजे, Kochi, India/i), 'the birth details in Hindi dates');
  const upsell = screen.getByRole('region', { name: 'प्रीमियम सुविधा' });
  assert.ok(within(upsell).getByRole('link', { name: 'अभी अपग्रेड करें' }));
  assert.deepEqual(englishWords(card.textContent ?? '', ['Arjun Nair', 'Kochi, India', 'UTC', 'am']), [], 'no English word on the card but names and places');
  assert.deepEqual(englishWords(upsell.textContent ?? '', ['AI']), []);
});

test("in Hindi a koota's rule, table, terms and the sentence about the two charts are Hindi", async () => {
  await renderIn('hi', '/compatibility', server({ ...buildBasicResult({ score: 24 }), kootas: [nadi] }));
  await checkArjun('कुंडली मिलान देखें');
  const card = await resultCard('कुंडली मिलान');
  assert.ok(within(card).getByText('हर कूट के गुण कैसे बनते हैं'));
  assert.ok(within(card).getByText(/^नाड़ी \(8 गुण\): हर नक्षत्र तीन नाड़ियों में से एक का है/));
  const table = within(card).getByRole('table', { name: 'नाड़ी के अनुसार नक्षत्र' });
  assert.ok(within(table).getByRole('columnheader', { name: 'नक्षत्र' }));
  assert.ok(within(table).getByRole('rowheader', { name: 'अंत्य (कफ)' }));
  assert.ok(within(table).getByRole('cell', { name: 'कृत्तिका, रोहिणी' }));
  assert.ok(within(card).getByText('रोहिणी की नाड़ी अंत्य (कफ) है, अश्विनी की आदि (वात)।'));
  // A result stored before its sentences were messages shows the server's English sentence.
  cleanupApp();
  await renderIn('hi', '/compatibility', server({ ...buildBasicResult({ score: 24 }), kootas: [{ ...nadi, said: undefined }] }));
  await checkArjun('कुंडली मिलान देखें');
  assert.ok(within(await resultCard('कुंडली मिलान')).getByText('Rohini is Antya (Kapha), Ashwini is Aadi (Vata).'));
});

test('in English the same screen keeps its English words (the default language is untouched)', async () => {
  await renderIn('en', '/compatibility', server({ ...buildBasicResult({ score: 24 }), kootas: [nadi] }, 'en'));
  await checkArjun('Check Compatibility', 'Profile to compare');
  const card = await resultCard('Kundali Match');
  assert.ok(within(card).getByRole('table', { name: 'Nakshatras by nadi' }));
  assert.ok(within(card).getByText('Nadi', { selector: '.koota__name' }));
});
