import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildProfile, signedInClient } from '../../test/factories';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

type Json = Record<string, unknown>;

describe("API messages in the request's language", () => {
  test('a validation error before sign-in: Hindi `message` for Accept-Language hi, the same stable `code`', async () => {
    const hindi = await new Client(server).request('POST', '/api/auth/login', { json: { username: '', password: '' }, headers: { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' } });
    assert.equal(hindi.status, 400);
    const body = (await hindi.json()) as Json;
    assert.equal(body.message, 'यूज़रनेम डालना ज़रूरी है');
    assert.equal(body.code, 'validation_error');
    assert.equal(body.field, 'username');
    const english = (await (await new Client(server).request('POST', '/api/auth/login', { json: { username: '', password: '' } })).json()) as Json;
    assert.equal(english.message, 'Username is required');
    assert.equal(english.code, body.code);
  });

  test('the language picked on the landing page (its cookie) wins over Accept-Language; a limit keeps its number', async () => {
    const client = new Client(server);
    client.cookies.set('saathi_lang', 'ta');
    const res = await client.request('POST', '/api/auth/register', { json: { fullName: 'Meena', email: 'meena@example.test', username: 'ab', password: 'namaste-2026', confirmPassword: 'namaste-2026' }, headers: { 'Accept-Language': 'hi' } });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as Json).message, 'பயனர்பெயர் குறைந்தது 3 எழுத்துகள் இருக்க வேண்டும்');
  });

  test('an unknown language in the cookie and the header falls back to English', async () => {
    const client = new Client(server);
    client.cookies.set('saathi_lang', 'xx');
    const res = await client.request('POST', '/api/auth/login', { json: { username: '', password: '' }, headers: { 'Accept-Language': 'fr-FR' } });
    assert.equal(((await res.json()) as Json).message, 'Username is required');
  });
});

describe("the member's language", () => {
  test('registration keeps the language the visitor chose; PUT /api/users/:id/language changes it, and answers follow it', async () => {
    const client = new Client(server);
    client.cookies.set('saathi_lang', 'hi');
    const registered = await client.request('POST', '/api/auth/register', {
      json: { fullName: 'Kavya Iyer', email: 'kavya@example.test', username: 'kavya_i', password: 'namaste-2026', confirmPassword: 'namaste-2026' },
    });
    assert.equal(registered.status, 201, await registered.clone().text());
    const me = (await (await client.get('/api/auth/user')).json()) as Json;
    assert.equal(me.language, 'hi');

    const changed = await client.request('PUT', `/api/users/${me.id}/language`, { json: { language: 'ta' } });
    assert.equal(changed.status, 200);
    assert.deepEqual(await changed.json(), { language: 'ta' });
    assert.equal(((await (await client.get('/api/auth/user')).json()) as Json).language, 'ta');
    // Signed in, the account's language decides, whatever the browser says.
    const refused = await client.request('PUT', `/api/users/${me.id}/language`, { json: { language: 'fr' }, headers: { 'Accept-Language': 'en' } });
    assert.equal(refused.status, 400);
    assert.equal(((await refused.json()) as Json).message, 'பட்டியலிலிருந்து ஒரு மொழியைத் தேர்ந்தெடுங்கள்');
    assert.equal(((await (await client.get('/api/auth/user')).json()) as Json).language, 'ta', 'a refused language changes nothing');
  });

  test("another member's language cannot be changed, signed in or not", async () => {
    const { client: mine } = await signedInClient(server);
    const { user: theirs } = await signedInClient(server);
    const res = await mine.request('PUT', `/api/users/${theirs.id}/language`, { json: { language: 'hi' } });
    assert.equal(res.status, 403);
    const anonymous = await new Client(server).request('PUT', `/api/users/${theirs.id}/language`, { json: { language: 'hi' } });
    assert.equal(anonymous.status, 401);
  });

  test('the member page is sent in the language and with <html lang>: the account for a member, else the visitor cookie', async () => {
    const visitor = new Client(server);
    visitor.cookies.set('saathi_lang', 'hi');
    const html = await (await visitor.get('/', { Accept: 'text/html' })).text();
    if (!html.includes('<html lang=')) return; // no build in this checkout: the page is the "not built" note
    assert.match(html, /<html lang="hi">/);
    assert.match(html, /सात समंदर पार भी रिश्ते/);
  });
});

describe("notifications in the recipient's language", () => {
  test('a like and a match reach each member in their own language, and only them', async () => {
    const priya = await signedInClient(server, { tier: 'premium', fullName: 'Priya Nair', language: 'ta' });
    const arjun = await signedInClient(server, { tier: 'premium', fullName: 'Arjun Mehta', language: 'hi' });
    const priyaProfile = await buildProfile(server, priya.user, { gender: 'female', lookingFor: 'male' });
    const arjunProfile = await buildProfile(server, arjun.user, { gender: 'male', lookingFor: 'female' });
    assert.equal((await arjun.client.post('/api/profile-likes', { likedProfileId: priyaProfile.id })).status, 201);
    const liked = (await (await priya.client.get(`/api/notifications/${priya.user.id}`)).json()) as Array<{ type: string; title: string }>;
    assert.equal(liked.find((n) => n.type === 'like')?.title, 'யாரோ உங்கள் சுயவிவரத்தை விரும்பினார்');
    assert.equal((await priya.client.post('/api/profile-likes', { likedProfileId: arjunProfile.id })).status, 201);
    const matched = (await (await arjun.client.get(`/api/notifications/${arjun.user.id}`)).json()) as Array<{ type: string; title: string; content: string }>;
    const match = matched.find((n) => n.type === 'match');
    assert.equal(match?.title, 'रिश्ता जुड़ गया!');
    assert.equal(match?.content, 'आप और Priya Nair एक-दूसरे को पसंद करते हैं');
    // Nobody else's notifications: Arjun may not read Priya's.
    assert.equal((await arjun.client.get(`/api/notifications/${priya.user.id}`)).status, 403);
  });

  test("the schemas' refusals reach a Hindi member in Hindi, a limit with its number: a saved search's name and a shortlist note", async () => {
    const hindi = await signedInClient(server, { fullName: 'Kamla Devi', language: 'hi' });
    const profile = await buildProfile(server, hindi.user, { gender: 'female', lookingFor: 'male' });
    const message = async (res: Response) => [res.status, ((await res.json()) as Json).message];
    assert.deepEqual(await message(await hindi.client.post('/api/saved-searches', { name: '', filters: {} })), [400, 'खोज को कोई नाम दें']);
    const other = await signedInClient(server, { fullName: 'Ravi Kumar' });
    const theirs = await buildProfile(server, other.user, { gender: 'male', lookingFor: 'female' });
    assert.deepEqual(await message(await hindi.client.post(`/api/shortlist/${profile.id}`, { savedProfileId: theirs.id, note: 'x'.repeat(2001) })), [400, 'कृपया नोट 500 अक्षरों से कम रखें']);
    const english = await signedInClient(server, { fullName: 'Meera Iyer' });
    assert.deepEqual(await message(await english.client.post('/api/saved-searches', { name: '', filters: {} })), [400, 'Give the search a name']);
  });
});
