import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { test } from 'node:test';
import { CookieSigner } from './keys';

// Keygrip's signature, as the cookies signed before CookieSigner were: HMAC-SHA1 in base64 with '/', '+' and '='
// replaced by '_', '-' and nothing.
const keygripSign = (data: string, key: string) =>
  crypto.createHmac('sha1', key).update(data).digest('base64').replace(/\/|\+|=/g, (x) => ({ '/': '_', '+': '-', '=': '' })[x] as string);

test("the cookie signer gives Keygrip's signatures and knows which key made one", () => {
  const current = 'k'.repeat(32);
  const older = 'o'.repeat(32);
  const signer = new CookieSigner([current, older]);
  for (const data of ['saathi.sid=abc', 'koa.sess=eyJhIjoxfQ==', '']) {
    assert.equal(signer.sign(data), keygripSign(data, current));
    assert.equal(signer.index(data, keygripSign(data, current)), 0);
    assert.equal(signer.index(data, keygripSign(data, older)), 1, 'a cookie signed with a key being rotated out');
    assert.equal(signer.verify(data, keygripSign(data, older)), true);
  }
  const digest = signer.sign('saathi.sid=abc');
  assert.equal(signer.index('saathi.sid=abd', digest), -1, 'another value');
  assert.equal(signer.index('saathi.sid=abc', `${digest.slice(0, -1)}${digest.endsWith('A') ? 'B' : 'A'}`), -1, 'a changed signature');
  assert.equal(signer.index('saathi.sid=abc', digest.slice(1)), -1, 'a shorter one');
  assert.equal(signer.verify('saathi.sid=abc', ''), false);
  assert.equal(new CookieSigner([older]).index('saathi.sid=abc', digest), -1, 'a key no longer kept');
  assert.throws(() => new CookieSigner([]), /at least one key/);
});
