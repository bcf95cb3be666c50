// The "new sign-in" email: a sign-in from a browser the member never signed in from before is emailed to them
// (in the account-email layout, naming the browser); the first sign-in after registering and sign-ins from a
// browser already seen are not.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, type TestServer, startTestServer } from '../test/harness';
import { buildUser } from '../test/factories';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
let server: TestServer;
before(async () => {
  server = await startTestServer({ demoMode: false, publicUrl: 'http://saathi.example' });
});
after(() => server.close());

const signInMails = (email: string) => server.db('email_outbox').where({ toEmail: email, subject: 'New sign-in to your Saathi account' }).orderBy('id');

async function login(client: Client, username: string, password: string, userAgent: string) {
  const res = await client.request('POST', '/api/auth/login', { form: { username, password }, headers: { 'User-Agent': userAgent } });
  assert.equal(res.status, 200);
}

describe('new sign-in email', () => {
  test('first browser: no email; the same browser again: none; another browser: one, naming it', async () => {
    const { user, password } = await buildUser(server, { fullName: 'Deepa Krishnan' });
    const phone = new Client(server);
    await login(phone, user.username, password, PHONE);
    await login(phone, user.username, password, PHONE);
    assert.equal((await signInMails(user.email)).length, 0);

    const laptop = new Client(server);
    await login(laptop, user.username, password, LAPTOP);
    const mails = await signInMails(user.email);
    assert.equal(mails.length, 1);
    assert.match(mails[0].bodyText, /Namaste Deepa Krishnan,/);
    assert.match(mails[0].bodyText, /Safari on Mac/);
    assert.match(mails[0].bodyText, /http:\/\/saathi\.example\/settings/);

    // Both browsers are known now: signing in again from either sends nothing more.
    await login(laptop, user.username, password, LAPTOP);
    await login(phone, user.username, password, PHONE);
    assert.equal((await signInMails(user.email)).length, 1);

    // A forged or foreign device cookie is a new browser, not a known one.
    const forged = new Client(server);
    forged.cookies.set('saathi_device', 'not-a-device-id-of-this-member');
    await login(forged, user.username, password, PHONE);
    assert.equal((await signInMails(user.email)).length, 2);
  });

  test('a wrong password records nothing and sends nothing', async () => {
    const { user, password } = await buildUser(server);
    await login(new Client(server), user.username, password, PHONE);
    const res = await new Client(server).request('POST', '/api/auth/login', { form: { username: user.username, password: 'wrong-password-1' }, headers: { 'User-Agent': LAPTOP } });
    assert.equal(res.status, 401);
    assert.equal((await signInMails(user.email)).length, 0);
    assert.equal((await server.db('known_devices').where({ userId: user.id })).length, 1);
  });
});
