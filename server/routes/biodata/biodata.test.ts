import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { Photo } from '../../models/photo';
import type { Profile } from '../../models/profile';
import { PrivacySettings } from '../../models/settings';
import { BIODATA_NOT_SHARED } from '../../services/biodata/index';
import { mediaName } from '../../services/photos';
import { buildProfile, jpegBytes, signedInClient } from '../../test/factories';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildBlock, buildFamilyMember, buildMatch, buildProfileFamily } from '../../test/table-factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** The text of every page of a PDF, each page's items joined by spaces (pdf.js, as a PDF reader extracts it). */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await pdf.destroy();
  return pages;
}

const PHONE = '+44 7700 900123';

/**
 * Text as compared in Hindi and Tamil: without vowel signs and other marks, and without spaces. pdf.js reads shaped
 * Indic text back in the order the glyphs are drawn (a vowel sign drawn before its consonant comes first), so the
 * letters are compared, not their order around the marks.
 */
const shaped = (text: string) => text.normalize('NFC').replace(/[\p{M}\s]/gu, '');

/**
 * No English word in a Hindi or Tamil biodata but the member's own (their name, their profession, what they wrote,
 * the places they typed), the brand and the profile's address.
 */
function assertNoEnglishBut(text: string, p: { user: { fullName: string }; profile: Profile }) {
  const typed = ['about', 'familyBackground', 'city', 'profession', 'company', 'birthPlace', 'gotra', 'educationDetails', 'community', 'fatherOccupation', 'familyLocation', 'parentName']
    .map((field) => (p.profile as unknown as Record<string, unknown>)[field])
    .filter((value): value is string => typeof value === 'string');
  const allowed = new Set([p.user.fullName, ...typed, 'Saathi'].flatMap((value) => value.match(/[A-Za-z]+/g) ?? []));
  const english = (text.replace(/https?:\/\/\S+/g, '').match(/[A-Za-z]+/g) ?? []).filter((word) => !allowed.has(word));
  assert.deepEqual(english, [], `English left in: ${text}`);
}

async function privacy(userId: number, settings: Partial<PrivacySettings>) {
  await PrivacySettings.query(server.db).insert({ userId, updatedAt: Date.now(), ...settings } as Partial<PrivacySettings>).onConflict('userId').merge();
}

/** Priya's profile (made by her mother, so it carries a parent's phone number) with a photo whose two renditions differ. */
async function priya(fullName = 'Priya Raman', language: 'en' | 'hi' | 'ta' = 'en') {
  const owner = await signedInClient(server, { fullName, language });
  const profile = await buildProfile(server, owner.user, {
    profileType: 'parent', parentName: 'Lakshmi Raman', parentRelationship: 'mother', parentContact: PHONE,
    dateOfBirth: '1994-02-20', birthHour: 7, birthMinute: 45, birthAmPm: 'PM', birthPlace: 'Chennai, India', rashi: 'Mesha', nakshatra: 'Ashwini',
    gotra: 'Kashyapa', educationDetails: 'M.Sc. Computer Science, University of Edinburgh',
    community: 'Iyer', income: 1_250_000, incomeCurrency: 'INR', fatherOccupation: 'Retired bank manager',
    brothers: 1, brothersMarried: 1, sisters: 0, familyLocation: 'Chennai, India',
  });
  await buildProfileFamily(server.db, { profileId: profile.id, consent: 'confirmed' });
  const fileKey = randomBytes(16).toString('hex');
  await Photo.query(server.db).insert({
    userId: owner.user.id, profileId: profile.id, purpose: 'profile', position: 0, fileKey, width: 64, height: 80, bytes: 1000, createdAt: Date.now(),
  } as Partial<Photo>);
  const clear = await jpegBytes({ width: 64, height: 80 });
  const blurred = await jpegBytes({ width: 32, height: 40 });
  await server.services.media.put(mediaName(fileKey, 'display'), clear);
  await server.services.media.put(mediaName(fileKey, 'blur'), blurred);
  return { ...owner, profile, clear, blurred };
}

async function stranger(fullName = 'Arjun Mehta', language: 'en' | 'hi' | 'ta' = 'en') {
  const member = await signedInClient(server, { fullName, language });
  await buildProfile(server, member.user, { gender: 'male', lookingFor: 'female' });
  return member;
}

const biodata = (client: Client, profileId: number, query = '') => client.get(`/api/profiles/${profileId}/biodata.pdf${query}`);

async function pdfOf(res: Response): Promise<Buffer> {
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="saathi-biodata-\d+\.pdf"$/);
  return Buffer.from(await res.arrayBuffer());
}

describe('GET /api/profiles/{id}/biodata.pdf', () => {
  test('the owner gets the biodata: name, details, horoscope as computed, the Saathi link; no phone while privacy hides it', async () => {
    const p = await priya();
    const pdf = await pdfOf(await biodata(p.client, p.profile.id));
    const pages = await pdfText(pdf);
    assert.ok(pages.length >= 1 && pages.length <= 2, `${pages.length} pages`);
    const text = pages.join(' ');
    for (const expected of [
      'Priya Raman', 'Software Engineer', 'M.Sc. Computer Science, University of Edinburgh', 'Hindu', 'Tamil',
      'Date of birth', '20 February 1994', 'Chennai, India', 'Kashyapa', 'Partner preferences', '27 – 35 years',
      // The chart puts the Moon in Vrishabha, not the entered Mesha: the biodata reads the profile's one value.
      'Vrishabha · from birth details', 'Lakshmi Raman', `/profile/${p.profile.id}`,
      // The basics families decide on, and the income as its range only.
      'Iyer', 'Retired bank manager', '1 brother (1 married)', 'No sisters',
    ]) {
      assert.ok(text.includes(expected), `missing ${JSON.stringify(expected)} in ${text}`);
    }
    assert.ok(text.replace(/\s/g, '').includes('MARRIAGEBIODATA'));
    assert.equal(text.includes('Mesha'), false);
    // The rupee sign is drawn in another face, so a reader puts a space after it.
    assert.ok(text.replace(/\s/g, '').includes('₹10–15lakhayear'), 'the income as its range');
    assert.equal(/12,?50,?000/.test(text), false, 'never the amount itself');
    assert.equal(text.includes(PHONE), false, 'the phone number stays out while privacy hides it');
    assert.equal(text.includes(p.user.email), false);
    assert.ok(pdf.includes(p.clear), 'the owner, without blurring, gets the clear photo');
  });

  test('with phone and email shown in privacy, the contact section carries them', async () => {
    const p = await priya();
    await privacy(p.user.id, { showPhoneNumber: true, showEmail: true });
    const text = (await pdfText(await pdfOf(await biodata(p.client, p.profile.id)))).join(' ');
    assert.ok(text.includes(PHONE), text);
    assert.ok(text.includes(p.user.email), text);
  });

  test('another member who may see the profile gets it; blurred photos stay blurred (clear for a match)', async () => {
    const p = await priya();
    const other = await stranger();
    await privacy(p.user.id, { blurPhotos: true });
    const pdf = await pdfOf(await biodata(other.client, p.profile.id, '?chart=south'));
    assert.ok(pdf.includes(p.blurred), 'the blurred rendition');
    assert.equal(pdf.includes(p.clear), false, 'never the clear file');
    const text = (await pdfText(pdf)).join(' ');
    assert.ok(text.includes('Priya Raman') && text.includes('Photo blurred at the member’s request'), text);
    assert.ok(text.includes('lagna marked'), 'the South Indian chart asked for');
    // The owner's own copy is meant to be passed on: blurred too while she blurs photos.
    assert.ok((await pdfOf(await biodata(p.client, p.profile.id))).includes(p.blurred));
    await buildMatch(server.db, { user1Id: p.user.id, user2Id: other.user.id });
    assert.ok((await pdfOf(await biodata(other.client, p.profile.id))).includes(p.clear), 'a match sees the clear photo');
  });

  test('blocked either way, hidden, unknown or deleted: 404 as if there were no profile; signed out: 401; bad query: 400', async () => {
    const p = await priya();
    const blocked = await stranger('Vikram Shah');
    assert.equal((await biodata(blocked.client, p.profile.id)).status, 200, 'seen before the block');
    await buildBlock(server.db, { blockerId: p.user.id, blockedId: blocked.user.id });
    assert.equal((await biodata(blocked.client, p.profile.id)).status, 404);
    const blocker = await stranger('Dev Malhotra');
    await buildBlock(server.db, { blockerId: blocker.user.id, blockedId: p.user.id });
    assert.equal((await biodata(blocker.client, p.profile.id)).status, 404);

    const hidden = await priya('Isha Kapoor');
    const other = await stranger('Rohan Das');
    await privacy(hidden.user.id, { profileVisibility: 'none' });
    const res = await biodata(other.client, hidden.profile.id);
    assert.equal(res.status, 404);
    assert.deepEqual(Object.keys((await res.json()) as object).includes('message'), true);
    assert.equal((await biodata(hidden.client, hidden.profile.id)).status, 200, 'its owner still has it');

    assert.equal((await biodata(other.client, 999_999)).status, 404);
    await server.db('profiles').where({ id: p.profile.id }).update({ isDeleted: true });
    assert.equal((await biodata(p.client, p.profile.id)).status, 404);
    assert.equal((await biodata(new Client(server), hidden.profile.id)).status, 401);
    assert.equal((await biodata(hidden.client, hidden.profile.id, '?chart=east')).status, 400);
    assert.equal((await biodata(hidden.client, hidden.profile.id, '?colour=red')).status, 400);
    assert.equal((await other.client.get('/api/profiles/abc/biodata.pdf')).status, 400);
  });

  test('family helpers: with mayShare (the default) they get it, signed in as themselves or acting; without it 403', async () => {
    const p = await priya();
    await privacy(p.user.id, { profileVisibility: 'none' }); // only her own people
    const mother = await signedInClient(server, { fullName: 'Lakshmi Raman' });
    await buildFamilyMember(server.db, { profileId: p.profile.id, userId: mother.user.id });
    const text = (await pdfText(await pdfOf(await biodata(mother.client, p.profile.id)))).join(' ');
    assert.ok(text.includes('Priya Raman'));
    const acting = await mother.client.request('GET', `/api/profiles/${p.profile.id}/biodata.pdf`, { headers: { 'X-Saathi-Acting-For': String(p.profile.id) } });
    assert.equal(acting.status, 200);

    await server.db('profile_family').where({ profileId: p.profile.id }).update({ mayShare: false });
    const refused = await biodata(mother.client, p.profile.id);
    assert.equal(refused.status, 403);
    assert.equal(((await refused.json()) as { message: string }).message, BIODATA_NOT_SHARED);
    const actingRefused = await mother.client.request('GET', `/api/profiles/${p.profile.id}/biodata.pdf`, { headers: { 'X-Saathi-Acting-For': String(p.profile.id) } });
    assert.equal(actingRefused.status, 403);
    assert.equal((await biodata(p.client, p.profile.id)).status, 200, 'the candidate herself always may');
  });

  test("in the reader's language: a Hindi reader gets Hindi labels, values, dates and chart; no English but what the member typed", async () => {
    const p = await priya('Priya Raman', 'hi');
    const text = (await pdfText(await pdfOf(await biodata(p.client, p.profile.id)))).join(' ');
    for (const expected of [
      'विवाह बायोडाटा', 'व्यक्तिगत विवरण', 'जन्म तिथि', '20 फ़रवरी 1994', 'कद', '165 सेमी', 'अविवाहित', 'हिंदू', 'मातृभाषा', 'तमिल', 'शाकाहारी',
      'शिक्षा और व्यवसाय', 'स्नातकोत्तर', 'सालाना आय', 'सालाना ₹10–15 लाख', 'माता', '(1 विवाहित)', 'बहन नहीं', 'एकल परिवार',
      'कुंडली', '7:45 अपराह्न', 'वृषभ · जन्म विवरण से', 'चंद्र राशि', 'मांगलिक', 'नहीं · जन्म विवरण से', 'गोत्र', 'लाहिड़ी अयनांश',
      'जीवनसाथी से अपेक्षाएँ', '27 – 35 साल', 'यूनाइटेड किंगडम, भारत', 'Saathi पर देखें', 'पृष्ठ 1 /',
      // The member's own words stay as typed.
      'Priya Raman', 'Retired bank manager', 'Kashyapa', 'Chennai, India',
    ]) {
      assert.ok(shaped(text).includes(shaped(expected)), `missing ${JSON.stringify(expected)} in ${text}`);
    }
    assertNoEnglishBut(text, p);
  });

  test("a Tamil reader gets Tamil, with the South Indian chart and the blurred photo's note in Tamil; English readers still get English", async () => {
    const p = await priya();
    await privacy(p.user.id, { blurPhotos: true });
    const reader = await stranger('Karthik Subramanian', 'ta');
    const text = (await pdfText(await pdfOf(await biodata(reader.client, p.profile.id, '?chart=south')))).join(' ');
    for (const expected of [
      'திருமண பயோடேட்டா', 'தனிப்பட்ட விவரங்கள்', 'பிறந்த தேதி', '20 பிப்ரவரி, 1994', 'திருமணமாகாதவர்', 'இந்து', 'தமிழ்', 'சைவம்',
      'ஆண்டுக்கு ₹10–15 லட்சம்', '1 சகோதரர் (1 பேருக்குத் திருமணமானது)', 'சகோதரிகள் இல்லை', 'ஜாதகம்', '7:45 பிற்பகல்',
      'ரிஷபம் · பிறப்பு விவரங்களிலிருந்து', 'செவ்வாய் தோஷம்', 'லக்னம் குறிக்கப்பட்டது', 'கன்னி', 'மங்கலாக்கப்பட்டுள்ளது',
      'வரன் எதிர்பார்ப்புகள்', '27 – 35 வயது', 'இந்தியா', 'பக்கம் 1 /', 'Priya Raman',
    ]) {
      assert.ok(shaped(text).includes(shaped(expected)), `missing ${JSON.stringify(expected)} in ${text}`);
    }
    assertNoEnglishBut(text, p);
    // The owner, reading in English, still gets the English document.
    const english = (await pdfText(await pdfOf(await biodata(p.client, p.profile.id, '?chart=south')))).join(' ');
    for (const expected of ['Personal details', '20 February 1994', 'Vrishabha · from birth details', '7:45 PM', 'lagna marked', 'Page 1 of', 'Photo blurred at the member’s request']) {
      assert.ok(english.includes(expected), `missing ${JSON.stringify(expected)} in ${english}`);
    }
  });

  test('names in Devanagari and Tamil are written with the embedded fonts, not dropped', async () => {
    for (const name of ['प्रिया शर्मा', 'பிரியா ராமன்']) {
      const p = await priya(name);
      const pdf = await pdfOf(await biodata(p.client, p.profile.id));
      const text = (await pdfText(pdf)).join(' ');
      // pdf.js reads shaped Indic text back glyph by glyph; the script's letters are there.
      const letters = [...name.replace(/\s/g, '')].filter((c) => /\p{L}/u.test(c));
      assert.ok(letters.filter((c) => text.includes(c)).length >= letters.length / 2, `${name}: ${text.slice(0, 200)}`);
    }
  });
});
