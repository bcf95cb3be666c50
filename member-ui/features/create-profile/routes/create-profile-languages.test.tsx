import '../../../test/setup-dom';
import { fireEvent, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

/** Lazy screens and the catalogue compile on first use under tsx: the first wait of a test gets longer. */
const SLOW = { timeout: 20_000 };

/**
 * English words a member could read in `root`: its text and the names it gives (labels, placeholders, alt texts),
 * leaving out the member's own name, the brand and the example phone number.
 */
function englishIn(root: HTMLElement, allowed: readonly string[]): string[] {
  const texts = [root.textContent ?? ''];
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'placeholder', 'alt', 'title']) {
      const value = element.getAttribute(attribute);
      if (value) texts.push(value);
    }
  }
  let all = texts.join(' ');
  for (const word of allowed) all = all.split(word).join(' ');
  return all.match(/[A-Za-z]{2,}/g) ?? [];
}

const ALLOWED = ['Priya Sharma', 'Saathi', 'JPEG', 'PNG', 'GIF', 'WebP', 'HEIC', 'MSc', 'Leicester'];

test('a Hindi-reading family makes a profile in Hindi: steps, labels, choices and the validation messages', async () => {
  const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', profileId: null, language: 'hi' });
  renderApp('/create-profile', fakeServer({ user: member }));
  assert.ok(await screen.findByRole('heading', { name: 'अपनी प्रोफ़ाइल बनाएँ' }, SLOW));
  assert.ok(screen.getByText('चरण 1 / 5'));
  assert.ok(screen.getByRole('heading', { name: 'तस्वीरें' }));
  assert.ok(screen.getByText('साफ़ और हाल की तस्वीरें लगाएँ। आपकी मुख्य तस्वीर सभी सदस्यों को दिखेगी।'));
  assert.ok(screen.getByLabelText('मुख्य तस्वीर जोड़ें'));
  const wizard = screen.getByRole('region', { name: 'अपनी प्रोफ़ाइल बनाएँ' });
  assert.deepEqual(englishIn(wizard, ALLOWED), []);

  fireEvent.click(screen.getByRole('button', { name: 'अगले चरण पर चलें' }));
  assert.ok(await screen.findByText('चरण 2 / 5'));
  assert.ok(screen.getByRole('heading', { name: 'बुनियादी जानकारी' }));
  const profileFor = screen.getByLabelText('यह प्रोफ़ाइल किसके लिए है') as HTMLSelectElement;
  assert.deepEqual(
    [...profileFor.options].map((o) => o.textContent),
    ['चुनें', 'मेरे लिए', 'मेरे बेटे के लिए', 'मेरी बेटी के लिए', 'मेरे भाई के लिए', 'मेरी बहन के लिए', 'किसी रिश्तेदार के लिए', 'किसी दोस्त के लिए'],
  );
  const gender = screen.getByLabelText('लिंग') as HTMLSelectElement;
  assert.deepEqual([...gender.options].map((o) => o.textContent), ['लिंग चुनें', 'पुरुष', 'महिला', 'अन्य']);
  // The country keeps its stored English name as the value and shows the Hindi one.
  const country = screen.getByLabelText('देश') as HTMLSelectElement;
  const india = [...country.options].find((o) => o.value === 'India');
  assert.equal(india?.textContent, 'भारत');

  // A family making a son's profile: the parent's fields, and the consent gate naming him.
  fireEvent.change(profileFor, { target: { value: 'son' } });
  assert.ok(await screen.findByLabelText('माता/पिता का नाम'));
  fireEvent.change(screen.getByLabelText('उनका पूरा नाम'), { target: { value: 'Rohan Sharma' } });
  assert.ok(screen.getByText('जब तक Rohan पुष्टि न करें, प्रोफ़ाइल सदस्यों से छिपी रखें'));

  // The shared schema's messages, in Hindi, by the id the server uses too.
  fireEvent.click(screen.getByRole('button', { name: 'आगे' }));
  assert.ok(await screen.findByText('जन्म तिथि डालना ज़रूरी है'));
  assert.ok(screen.getByText('देश चुनना ज़रूरी है'));
  assert.ok(screen.getByText('शहर डालना ज़रूरी है'));
  assert.ok(screen.getByText('माता/पिता का संपर्क नंबर डालना ज़रूरी है'));
  // Options are names of places and people aside, every word on the step is Hindi.
  for (const select of wizard.querySelectorAll('select[name="country"] option, datalist')) select.remove();
  assert.deepEqual(englishIn(wizard, [...ALLOWED, 'Rohan']), []);
});

test('the same step reads in Tamil, with Tamil choices', async () => {
  const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', profileId: null, language: 'ta' });
  renderApp('/create-profile?step=2', fakeServer({ user: member }));
  assert.ok(await screen.findByRole('heading', { name: 'அடிப்படைத் தகவல்' }, SLOW));
  assert.ok(screen.getByText('படி 2 / 5'));
  const gender = screen.getByLabelText('பாலினம்') as HTMLSelectElement;
  assert.deepEqual([...gender.options].map((o) => o.textContent), ['பாலினத்தைத் தேர்ந்தெடுங்கள்', 'ஆண்', 'பெண்', 'மற்றவை']);
  fireEvent.click(screen.getByRole('button', { name: 'அடுத்து' }));
  assert.ok(await screen.findByText('பாலினத்தைத் தேர்ந்தெடுப்பது அவசியம்'));
});

test('in Hindi, currencies and income ranges read in Hindi, rupees in lakh and crore', async () => {
  const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', profileId: null, language: 'hi' });
  renderApp('/create-profile?step=3', fakeServer({ user: member }));
  assert.ok(await screen.findByRole('heading', { name: 'व्यक्तिगत विवरण' }, SLOW));
  const currency = screen.getByLabelText('मुद्रा') as HTMLSelectElement;
  assert.equal([...currency.options].find((o) => o.value === 'INR')?.textContent, 'INR – भारतीय रुपया');
  fireEvent.change(currency, { target: { value: 'INR' } });
  const ranges = [...(screen.getByLabelText('आय का दायरा') as HTMLSelectElement).options].map((o) => o.textContent);
  assert.ok(ranges.includes('सालाना ₹3 लाख तक'), ranges.join(' | '));
  assert.ok(ranges.includes('सालाना ₹10–15 लाख'));
  assert.ok(ranges.includes('सालाना ₹1 करोड़ या उससे ज़्यादा'));
  const diet = screen.getByLabelText('खान-पान') as HTMLSelectElement;
  assert.deepEqual([...diet.options].map((o) => o.textContent).slice(1, 3), ['शाकाहारी', 'मांसाहारी']);
});
