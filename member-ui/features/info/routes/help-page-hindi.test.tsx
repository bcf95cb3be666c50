import '../../../test/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { Language } from '../../../../contracts/i18n/languages';
import type { FetchHandler } from '../../../test/fetch-stub';

const { cleanupApp, englishWords, renderAppIn } = await import('../../../test/render-app');

afterEach(() => cleanupApp());

const renderIn = async (language: Language, path: string, server?: FetchHandler) => (await renderAppIn(language, path, server)).fetchStub;

test('in Hindi the help page, every FAQ answer and the contact form read in Hindi; a wrong form says so in Hindi', async () => {
  const fetchStub = await renderIn('hi', '/help');
  const page = (await screen.findByRole('heading', { level: 1, name: 'सहायता और समर्थन' }, { timeout: 5000 })).closest('section');
  assert.ok(page);
  const faq = within(page).getByRole('heading', { name: 'अक्सर पूछे जाने वाले सवाल' }).closest('section');
  assert.ok(faq);
  const questions = within(faq).getAllByRole('button');
  assert.deepEqual(
    questions.map((q) => q.textContent),
    ['मैं प्रोफ़ाइल कैसे बनाऊँ?', 'कुंडली मिलान कैसे होता है?', 'मैं अपनी सदस्यता कैसे अपग्रेड करूँ?', 'क्या मैं अपने बेटे या बेटी के लिए प्रोफ़ाइल बना सकता/सकती हूँ?माता-पिता के लिए', 'मैं अपना खाता कैसे हटाऊँ?'],
  );
  fireEvent.click(questions[0]);
  assert.ok(await within(faq).findByText(/5 चरण पूरे करें: 1\. फ़ोटो, 2\. मूल जानकारी, 3\. व्यक्तिगत विवरण, 4\. जन्म, धर्म और समुदाय, 5\. परिवार और जीवनसाथी की पसंद/));
  assert.equal(within(faq).getByRole('link', { name: 'प्रोफ़ाइल बनाएँ' }).getAttribute('href'), '/create-profile', 'the link inside the answer is kept');
  fireEvent.click(questions[3]);
  assert.ok(await within(faq).findByText('माता-पिता द्वारा संचालित'), 'the badge inside the answer');
  fireEvent.click(questions[4]);
  // The phrase a member types to delete the account stays as the delete page asks for it.
  assert.match((await within(faq).findByText(/सेटिंग्स खोलें और खाता हटाएँ चुनें/)).textContent ?? '', /"delete my account"/);

  assert.ok(within(page).getByText('हम एक कार्यदिवस के भीतर जवाब देते हैं; प्रीमियम और एलीट सदस्यों को पहले जवाब मिलता है।'));
  fireEvent.click(within(page).getByRole('button', { name: 'संदेश भेजें' }));
  assert.ok(await within(page).findByText('नाम कम से कम 2 अक्षरों का होना चाहिए'));
  assert.ok(within(page).getByText('कृपया सही ईमेल पता लिखें'));
  assert.equal(fetchStub.callsTo('POST', '/api/contact').length, 0, 'nothing is sent');
  assert.deepEqual(englishWords(page.textContent ?? '', ['support@saathi.app', 'you@example.com', 'AI', '"delete my account"']), [], 'no English word left on the page');
});

test('in Tamil the terms open with a Tamil summary and say the English text below is the binding one', async () => {
  await renderIn('ta', '/terms');
  assert.ok(await screen.findByRole('heading', { level: 1, name: 'சேவை விதிமுறைகள்' }, { timeout: 5000 }));
  const summary = screen.getByRole('complementary', { name: 'சுருக்கமாக' });
  assert.ok(within(summary).getByText('உங்களுக்கு 18 வயது அல்லது அதற்கு மேல் இருக்க வேண்டும்.'));
  assert.deepEqual(englishWords(summary.textContent ?? '', []), []);
  assert.ok(screen.getByText(/ஆங்கில உரையே செல்லுபடியாகும்/));
  assert.ok(screen.getByRole('heading', { level: 2, name: '1. Eligibility' }), 'the binding text itself is English');
});

test('in English the terms say nothing about a translation', async () => {
  await renderIn('en', '/terms');
  assert.ok(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' }, { timeout: 5000 }));
  assert.ok(screen.getByText('You must be 18 or older.'));
  assert.equal(screen.queryByText(/binding/), null);
});
