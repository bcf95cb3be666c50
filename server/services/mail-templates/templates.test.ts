import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderEmail } from './index';

test('a new-match email has the name, an absolute link to the matches screen and a visible unsubscribe link in both parts', async () => {
  const mail = await renderEmail({ kind: 'new_match', name: 'Asha', otherName: 'Ravi', publicUrl: 'https://saathi.example/', path: '/matches', unsubscribeUrl: 'https://saathi.example/unsubscribe/tok' });
  assert.equal(mail.subject, 'You and Ravi are a match');
  assert.match(mail.html, /Namaste <!-- -->Asha|Namaste Asha/);
  assert.match(mail.html, /href="https:\/\/saathi\.example\/matches"/);
  assert.match(mail.html, /href="https:\/\/saathi\.example\/unsubscribe\/tok"/);
  assert.match(mail.text, /Namaste Asha/);
  assert.match(mail.text, /https:\/\/saathi\.example\/matches/);
  assert.match(mail.text, /https:\/\/saathi\.example\/unsubscribe\/tok/);
  assert.doesNotMatch(mail.text, /</);
});

test('account emails carry no unsubscribe link; other kinds refuse to render without one', async () => {
  const reset = await renderEmail({ kind: 'password_reset', name: 'Asha', publicUrl: 'https://saathi.example', path: 'reset-password/abc' });
  assert.match(reset.text, /https:\/\/saathi\.example\/reset-password\/abc/);
  assert.doesNotMatch(reset.html, /Unsubscribe/);
  await assert.rejects(renderEmail({ kind: 'new_message', name: 'Asha', publicUrl: 'https://saathi.example', path: '/chat/1' }), /unsubscribe/);
});
