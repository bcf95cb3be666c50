// Emails in the recipient's language, through a real SMTP server: the account's language (or, at registration, the
// language the visitor registered in) decides the subject, the layout's words and <html lang>; links stay the same.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { type Mailbox, startMailbox } from '../../test/mailbox';
import { Client, type TestServer, startTestServer } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { familyInviteEmail, matchEmail, messageEmail } from './templates';

let mailbox: Mailbox;
let server: TestServer;

before(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ demoMode: false, smtpUrl: mailbox.url, publicUrl: 'http://saathi.example', trustProxy: false });
});
after(async () => {
  await server?.close();
  await mailbox?.close();
});

async function mailTo(address: string): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = mailbox.inbox.find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === address);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${address}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("emails in the recipient's language", () => {
  test('the confirmation email of an account registered in Tamil is in Tamil, its link unchanged', async () => {
    const client = new Client(server);
    client.cookies.set('saathi_lang', 'ta');
    const email = 'kavitha.ta@example.test';
    const fields = { fullName: 'Kavitha Raman', email, username: 'kavitha_ta', password: 'marina-beach-2026', confirmPassword: 'marina-beach-2026' };
    assert.equal((await client.postForm('/api/auth/register', fields)).status, 202);
    const mail = await mailTo(email);
    assert.equal(mail.subject, 'Saathi-க்கான உங்கள் மின்னஞ்சல் முகவரியை உறுதிசெய்யுங்கள்');
    assert.match(String(mail.html), /<html[^>]*lang="ta"/);
    assert.match(mail.text ?? '', /வணக்கம் Kavitha Raman,/);
    assert.match(String(mail.html), /href="http:\/\/saathi\.example\/confirm-email\/[A-Za-z0-9_-]+"/);
  });

  test("the password reset email follows the account's language, not the browser asking for it", async () => {
    const { user } = await buildUser(server, { email: 'suresh.hi@example.test', language: 'hi' });
    const res = await new Client(server).request('POST', '/api/auth/password-reset/request', { json: { email: user.email }, headers: { 'Accept-Language': 'ta' } });
    assert.ok(res.status < 300, await res.text());
    const mail = await mailTo(user.email);
    assert.equal(mail.subject, 'अपना Saathi पासवर्ड बदलें');
    assert.match(mail.text ?? '', /एक घंटे के भीतर लिंक खोलें/);
    assert.match(String(mail.html), /<html[^>]*lang="hi"/);
  });

  test('a match, a message and a family invitation in Hindi and Tamil, with their plural and their names', async () => {
    const match = await matchEmail({ name: 'Priya', otherName: 'Arjun', chatUrl: 'http://x/chat/2', unsubscribeUrl: 'http://x/u', language: 'hi' });
    assert.equal(match.subject, 'रिश्ता जुड़ गया: आप और Arjun एक-दूसरे को पसंद करते हैं');
    const one = await messageEmail({ name: 'Priya', senderName: 'Arjun', count: 1, preview: 'Namaste!', chatUrl: 'http://x/c', unsubscribeUrl: 'http://x/u', language: 'ta' });
    assert.equal(one.subject, 'Arjun உங்களுக்கு Saathi-யில் ஒரு செய்தி அனுப்பியுள்ளார்');
    const three = await messageEmail({ name: 'Priya', senderName: 'Arjun', count: 3, preview: 'Namaste!', chatUrl: 'http://x/c', unsubscribeUrl: 'http://x/u', language: 'hi' });
    assert.equal(three.subject, 'Arjun ने आपको Saathi पर 3 संदेश भेजे हैं');
    const invite = await familyInviteEmail({ name: 'Rohan', inviterFirstName: 'Sunita', inviterRole: 'mother', role: 'candidate', relation: null, link: 'http://x/family-invite/t', expiresDays: 14, language: 'hi' });
    assert.equal(invite.subject, 'परिवार के एक सदस्य ने आपके लिए Saathi पर प्रोफ़ाइल बनाई है');
    // The relation in the mail's language, as the reader's ("आपकी माँ", not "आपके mother").
    assert.match(invite.text, /Sunita \(आपकी माँ\) ने Saathi पर आपके लिए रिश्ते की प्रोफ़ाइल बनाई है/);
    assert.match(invite.text, /This is an invitation to Saathi/, 'one line in English for a relative who reads it instead');
    // The invitation's page in each other language, named in its own script.
    assert.match(invite.html, /<a[^>]+href="http:\/\/x\/family-invite\/t\?lang=en"[^>]*>English<\/a>/);
    assert.match(invite.html, /<a[^>]+href="http:\/\/x\/family-invite\/t\?lang=ta"[^>]*>தமிழ்<\/a>/);
    assert.doesNotMatch(invite.html, /\?lang=hi"/, 'not the language it is written in');
    const english = await familyInviteEmail({ name: 'Rohan', inviterFirstName: 'Sunita', inviterRole: 'mother', role: 'candidate', relation: null, link: 'http://x/family-invite/t', expiresDays: 14 });
    assert.equal(english.subject, 'A family member made a Saathi profile for you');
    assert.match(english.text, /Sunita \(your mother\)/);
    const uncle = await familyInviteEmail({ name: 'Rohan', inviterFirstName: 'Vijay', inviterRole: 'uncle', role: 'candidate', relation: null, link: 'http://x/family-invite/t', expiresDays: 14, language: 'ta' });
    assert.match(uncle.text, /Vijay \(உங்கள் uncle\)/, 'a relation the catalogue does not know, as given');
    // A family member's invitation names their relation as the language wants it: "उनकी माँ", "उनके पिता".
    const asFamily = (relation: string, language?: 'hi') => familyInviteEmail({ name: 'Lakshmi', inviterFirstName: 'Priya', inviterRole: 'family', role: 'family', relation, link: 'http://x/family-invite/t', expiresDays: 14, language });
    assert.match((await asFamily('mother', 'hi')).text, /\) आपसे उनकी माँ के रूप में/);
    assert.match((await asFamily('father', 'hi')).text, /\) आपसे उनके पिता के रूप में/);
    assert.match((await asFamily('mother')).text, /\) asks you to help with a Saathi profile as their mother\./);
  });
});
