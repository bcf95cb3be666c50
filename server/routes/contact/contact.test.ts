import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { signedInClient } from '../../test/factories';
import { Client, type TestServer, startTestServer } from '../../test/harness';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

type Json = Record<string, unknown>;

const MESSAGE = { name: 'Lakshmi Raman', email: 'lakshmi@example.test', subject: 'Biodata question', message: 'How do I share the biodata with my sister?' };

describe('POST /api/contact', () => {
  test('in English: stored, a copy in the outbox, the thanks and the refusals in English', async () => {
    const client = new Client(server);
    const sent = await client.post('/api/contact', MESSAGE);
    assert.equal(sent.status, 201);
    assert.deepEqual(await sent.json(), { message: 'We will get back to you as soon as possible.' });
    assert.equal((await server.db('contact_messages').where({ email: MESSAGE.email })).length, 1);
    const refused = await client.post('/api/contact', { ...MESSAGE, name: 'L' });
    assert.equal(refused.status, 400);
    const body = (await refused.json()) as Json;
    assert.equal(body.message, 'Name must be at least 2 characters');
    assert.equal(body.field, 'name');
    const long = (await (await client.post('/api/contact', { ...MESSAGE, subject: 'x'.repeat(201) })).json()) as Json;
    assert.equal(long.message, 'Must be at most 200 characters');
  });

  test("a Hindi member, and a Tamil visitor by the landing page's pick: the thanks and the refusals in their language", async () => {
    const member = await signedInClient(server, { language: 'hi' });
    const thanks = await member.client.post('/api/contact', MESSAGE);
    assert.equal(thanks.status, 201);
    assert.equal(((await thanks.json()) as Json).message, 'हम जल्द से जल्द आपसे संपर्क करेंगे।');
    const short = (await (await member.client.post('/api/contact', { ...MESSAGE, message: 'Help' })).json()) as Json;
    assert.deepEqual([short.message, short.field], ['संदेश कम से कम 10 अक्षरों का होना चाहिए', 'message']);
    const email = (await (await member.client.post('/api/contact', { ...MESSAGE, email: 'not-an-address' })).json()) as Json;
    assert.equal(email.message, 'कृपया सही ईमेल पता लिखें');

    const visitor = new Client(server);
    visitor.cookies.set('saathi_lang', 'ta');
    const tamil = (await (await visitor.post('/api/contact', { ...MESSAGE, subject: 'Hi' })).json()) as Json;
    assert.deepEqual([tamil.message, tamil.field], ['பொருள் குறைந்தது 5 எழுத்துகள் இருக்க வேண்டும்', 'subject']);
    const long = (await (await visitor.post('/api/contact', { ...MESSAGE, name: 'x'.repeat(101) })).json()) as Json;
    assert.equal(long.message, 'அதிகபட்சம் 100 எழுத்துகள் மட்டுமே எழுதலாம்');
    assert.equal(((await (await visitor.post('/api/contact', MESSAGE)).json()) as Json).message, 'விரைவில் உங்களைத் தொடர்புகொள்வோம்.');
  });
});
