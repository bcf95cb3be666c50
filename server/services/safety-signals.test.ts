import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OFF_PLATFORM_WINDOW, safetySignalOf } from './safety-signals';

const early = { messagesBefore: 2 };
const late = { messagesBefore: OFF_PLATFORM_WINDOW + 5 };

const CASES: Array<[string, string, ReturnType<typeof safetySignalOf>]> = [
  // Money and gift cards
  ['en', 'Dear, can you send me some money? My mother is in hospital and I am stuck abroad.', 'money_request'],
  ['en', 'Could you please transfer 25,000 rupees, I will return it when I land in Delhi', 'money_request'],
  ['en', 'I urgently need money for the customs fee to release my parcel', 'money_request'],
  ['en', 'Please buy me a Google Play gift card and send a photo of the code', 'money_request'],
  ['en', 'Send it by Western Union, it is faster', 'money_request'],
  ['hinglish', 'Jaan, thode paise bhej do na, kal wapas kar dungi', 'money_request'],
  ['hinglish', 'Mujhe paise ki zarurat hai, hospital ka bill bharna hai', 'money_request'],
  ['hinglish', '5000 rupaye transfer kar do please', 'money_request'],
  ['hinglish', 'Ek amazon gift card bhej do yaar', 'money_request'],
  ['hi', 'मुझे अभी पैसे भेज दो, बहुत ज़रूरी है', 'money_request'],
  ['hi', 'मेरी माँ बीमार हैं, मुझे पैसों की ज़रूरत है', 'money_request'],
  ['hi', 'क्या आप मुझे उधार दे दो, अगले हफ्ते लौटा दूंगा', 'money_request'],
  // Investment and crypto
  ['en', 'My uncle showed me a crypto trading platform, I made 40% profit in a week. You should invest too', 'investment'],
  ['en', 'Invest a small amount in USDT with me, guaranteed returns every week', 'investment'],
  ['en', 'I can teach you to trade, it will double your money', 'investment'],
  ['hinglish', 'Crypto mein invest karo, mera paisa double ho gaya', 'investment'],
  ['hinglish', 'Is app pe pakka return milega, guaranteed profit', 'investment'],
  ['hi', 'बिटकॉइन में निवेश करो, एक महीने में पैसा डबल', 'investment'],
  ['hi', 'इस ट्रेडिंग ऐप में पैसे लगाओ, गारंटीड रिटर्न मिलेगा', 'investment'],
  // Another app, early in the conversation
  ['en', "I don't come here often, let's talk on WhatsApp", 'off_platform'],
  ['en', 'Add me on telegram @rahul_uk', 'off_platform'],
  ['en', 'my number is +44 7700 900123, text me', 'off_platform'],
  ['hinglish', 'Whatsapp pe baat karte hain, yahan network slow hai', 'off_platform'],
  ['hinglish', 'Mera number 98765 43210 hai, call karo', 'off_platform'],
  ['hi', 'व्हाट्सएप पर बात करें? यहाँ कम आता हूँ', 'off_platform'],
  ['hi', 'मेरा नंबर ले लो, टेलीग्राम पर भी हूँ', 'off_platform'],
];

const FALSE_POSITIVES: Array<[string, string]> = [
  ['en', 'My father sent money to my brother for his studies in Canada'],
  ['en', 'Money is not everything for me, family comes first'],
  ['en', 'I bought a gift card for my sister on her birthday'],
  ['en', 'I work as an analyst in investment banking in Mumbai'],
  ['en', 'My cousin works at a crypto company in Bangalore'],
  ['en', 'We met on 12-03-2024 at the Diwali mela'],
  ['en', 'I earn well and I save for the future; do you like travelling?'],
  ['hinglish', 'Papa ne paise bheje the college ke liye'],
  ['hinglish', 'Shaadi ke baad hum dono kaam karenge, paise ki chinta mat karo'],
  ['hi', 'पापा ने पैसे भेजे थे, मैं पढ़ाई के लिए लंदन आई'],
  ['hi', 'मुझे किताबें पढ़ना और घूमना पसंद है'],
  ['hi', 'मैं बैंक में काम करता हूँ'],
];

describe('scam and safety signals in chat', () => {
  for (const [lang, text, expected] of CASES) {
    test(`${lang}: ${expected} — ${text}`, () => {
      assert.equal(safetySignalOf(text, early), expected);
    });
  }

  for (const [lang, text] of FALSE_POSITIVES) {
    test(`${lang}: no signal — ${text}`, () => {
      assert.equal(safetySignalOf(text, early), null);
      assert.equal(safetySignalOf(text, late), null);
    });
  }

  test('moving to another app counts only within the first messages; money and investment at any point', () => {
    assert.equal(safetySignalOf("Let's talk on WhatsApp", { messagesBefore: OFF_PLATFORM_WINDOW - 1 }), 'off_platform');
    assert.equal(safetySignalOf("Let's talk on WhatsApp", { messagesBefore: OFF_PLATFORM_WINDOW }), null);
    assert.equal(safetySignalOf('Can you send me money for the ticket?', late), 'money_request');
    assert.equal(safetySignalOf('Invest in bitcoin with me, guaranteed returns', late), 'investment');
  });

  test('spacing and zero-width characters do not hide a signal', () => {
    assert.equal(safetySignalOf('Add me on Whats\u200BApp', early), 'off_platform');
    assert.equal(safetySignalOf('paise   bhej   do', early), 'money_request');
  });
});

test('a long message of digits and spaces is checked in linear time', () => {
  const text = `${'1 '.repeat(1000)}x`;
  const started = performance.now();
  safetySignalOf(text, { messagesBefore: 0 });
  assert.ok(performance.now() - started < 200);
});
