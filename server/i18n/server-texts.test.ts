// Words the server writes for a member to read (a family-made profile's label, the match breakdown, conversation
// starters, the cultural insight) are written in the reader's language; the rules that choose them are the same.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { conversationStarters } from '../services/conversation-starters';
import { familyConsentLabel } from '../services/family/people';
import { culturalInsight } from '../services/moods';
import { buildProfile, signedInClient } from '../test/factories';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { translatorFor } from '.';
import { TABLES_FOLLOWED } from '../services/kundali/tables';
import { CATALOGUES } from './catalogues';

describe('a family-made profile’s label in the reader’s language', () => {
  test('each state in Hindi and Tamil, with the candidate’s name; none for a profile made by its member', () => {
    assert.equal(familyConsentLabel('unconfirmed', 'Priya', false, 'hi'), 'परिवार द्वारा संचालित, Priya ने अभी पुष्टि नहीं की');
    assert.equal(familyConsentLabel('confirmed', 'Priya', false, 'ta'), 'மின்னஞ்சல் மூலம் உறுதிசெய்யப்பட்டது');
    assert.equal(familyConsentLabel('confirmed', 'Priya', true, 'hi'), 'Priya ने पुष्टि की, सत्यापित');
    assert.equal(familyConsentLabel('confirmed', 'Priya', true), 'Confirmed by Priya, verified');
    assert.equal(familyConsentLabel('self', 'Priya', true, 'hi'), null);
  });
});

describe('conversation starters and the cultural insight in the reader’s language', () => {
  const mine = { city: 'Toronto', country: 'Canada', profession: 'Doctor', about: 'I love cricket and cooking', motherTongue: 'Tamil', returnToIndiaPlans: 'definite', languagePreferences: null, birthPlace: null };
  const theirs = { ...mine, about: 'Weekend cricket, always', birthPlace: 'Chennai, India' };

  test('Tamil: the language by its Tamil name, the members’ own words quoted as written; English unchanged', () => {
    const ta = conversationStarters(mine, theirs, 'Priya', null, translatorFor('ta'));
    assert.ok(ta.includes('நீங்கள் இருவரும் “cricket” பற்றிக் குறிப்பிட்டுள்ளீர்கள். அதில் ஆர்வம் எப்படி வந்தது, கடைசியாக எப்போது அதற்கு நேரம் ஒதுக்கினீர்கள்?'), ta.join('\n'));
    assert.ok(ta.some((s) => s.startsWith('நீங்கள் இருவரும் தமிழ் பேசுகிறீர்கள்.')), ta.join('\n'));
    assert.ok(ta.includes('Priya Chennai நகரில் பிறந்தவர். இன்றும் அவர் கொண்டாடும் சிறுவயதுப் பண்டிகை ஒன்றைப் பற்றிக் கேளுங்கள்.'));
    const en = conversationStarters(mine, theirs, 'Priya', null);
    assert.ok(en.includes('You both speak Tamil. Is there a Tamil film, song or saying that always reminds you of home?'));
    assert.ok(en.includes('You are both planning a return to India. Which city would you choose, and why?'));
    assert.equal(en.length, ta.length, 'the same starters in each language');
  });

  test('a mood both logged is named as the mood screen names it, in the reader’s language', () => {
    const hi = conversationStarters(mine, theirs, 'Priya', 'Happy', translatorFor('hi'));
    assert.ok(hi.includes('आप दोनों हाल में “खुश” महसूस कर रहे हैं। इस हफ़्ते इसके पीछे क्या रहा?'), hi.join('\n'));
    assert.ok(conversationStarters(mine, theirs, 'Priya', 'Happy').includes('You have both been feeling happy lately. What has been behind it this week?'));
  });

  test('Hindi: the insight’s sentence for an assessed member and for one known by their profile only', () => {
    const levels = { homesicknessLevel: 4, culturalIdentityStrength: 4, localCultureComfortLevel: 4, localFriendships: 4, indianCommunityConnection: 4 };
    const assessed = culturalInsight(levels, levels, null, 'Priya', translatorFor('hi'));
    assert.match(assessed.description, /^Priya .+ \(अनुकूलन स्तर \d+\)। आप दोनों बसने के लगभग एक जैसे पड़ाव पर हैं/);
    const byProfile = culturalInsight(null, null, 'modern', 'Priya', translatorFor('hi'));
    assert.equal(byProfile.description, 'Priya विदेश के जीवन में पूरी तरह रच-बस गए हैं, उनकी प्रोफ़ाइल के अनुसार।');
    assert.equal(culturalInsight(null, null, 'modern', 'Priya').description, 'Priya is fully adapted to life abroad, going by their profile.');
    assert.equal(culturalInsight(null, null, null, 'Priya', translatorFor('ta')).description, 'வெளிநாட்டில் எப்படிப் பழகி வருகிறார் என்பதை Priya இன்னும் பகிரவில்லை.');
  });
});

describe('the profile answer (API)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('a Hindi viewer reads the match breakdown in Hindi, an English viewer in English', async () => {
    const owner = await signedInClient(server, { fullName: 'Arjun Nair', tier: 'premium' });
    const profile = await buildProfile(server, owner.user, { gender: 'male', lookingFor: 'female', income: 1_200_000, incomeCurrency: 'INR' });
    const hindi = await signedInClient(server, { fullName: 'Sunita Sharma', tier: 'premium', language: 'hi' });
    await buildProfile(server, hindi.user, { gender: 'female', lookingFor: 'male' });
    const english = await signedInClient(server, { fullName: 'Meera Iyer', tier: 'premium' });
    await buildProfile(server, english.user, { gender: 'female', lookingFor: 'male' });

    type Seen = { matchFactors: Array<{ factor: string; detail: string }> | null };
    const seen = async (client: typeof hindi.client) => (await (await client.get(`/api/profiles/${profile.id}`)).json()) as Seen;
    const inHindi = await seen(hindi.client);
    const inEnglish = await seen(english.client);
    const hindiFactors = inHindi.matchFactors ?? [];
    assert.ok(hindiFactors.length > 3, JSON.stringify(inHindi.matchFactors));
    assert.equal(hindiFactors.length, inEnglish.matchFactors?.length);
    assert.ok(hindiFactors.some((f) => f.factor === 'आयु (आपकी पसंद)'), JSON.stringify(hindiFactors));
    assert.ok(inEnglish.matchFactors?.some((f) => f.factor === 'age (yours)'));
    for (const f of hindiFactors) assert.doesNotMatch(f.factor, /[A-Za-z]/, `${f.factor}: no English in a factor's name`);
  });

  test('the plans in the visitor’s language (Accept-Language), English by default; a text changed in the database as written', async () => {
    type Plans = { plans: Array<{ tier: string; name: string; description: string; features: string[] }> };
    const plans = async (language?: string) =>
      ((await (await new Client(server).request('GET', '/api/subscriptions', language ? { headers: { 'Accept-Language': language } } : {})).json()) as Plans).plans;
    const [english, tamil] = [await plans(), await plans('ta-IN,ta;q=0.9')];
    const premium = english.find((p) => p.tier === 'premium');
    assert.equal(premium?.description, 'Everything you need to find your match');
    const tamilPremium = tamil.find((p) => p.tier === 'premium');
    assert.equal(tamilPremium?.name, 'Premium', 'the plans’ names are the brand’s');
    assert.equal(tamilPremium?.description, 'உங்கள் வாழ்க்கைத் துணையைக் கண்டறியத் தேவையான அனைத்தும்');
    assert.equal(tamilPremium?.features.length, premium?.features.length);
    for (const text of tamil.flatMap((p) => [p.description, ...p.features])) assert.doesNotMatch(text.replace('Premium', ''), /[A-Za-z]{2}/, text);
    await server.db('subscription_plans').where({ tier: 'elite' }).update({ description: 'Our concierge service' });
    assert.equal((await plans('hi')).find((p) => p.tier === 'elite')?.description, 'Our concierge service');
  });
});

describe('the Kundali report’s readings of the printed tables', () => {
  test('the English catalogue words each koota’s reading as the server’s table does (the app shows the catalogue’s)', () => {
    for (const { koota, reading } of TABLES_FOLLOWED) assert.equal(CATALOGUES.en[`opt.tableReading.${koota}`], reading, koota);
  });
});
