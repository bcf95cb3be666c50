// The ops console's member page in Chromium (1440×900): a member whose mail server refused their address (a real
// SMTP server started in the test answers 550) shows as Undeliverable with the server's answer, and a reviewer
// lifts the mark after confirming.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { type Mailbox, startMailbox } from '../server/test/mailbox';
import { type RunningSaathi, launchBrowser, screenshot, startSaathi } from './harness';

const REVIEWER = { username: 'leela.reviews', password: 'postbox-and-patience-2026', fullName: 'Leela Das' };
const GONE = 'ravi.left@old-company.example';

let mailbox: Mailbox;
let saathi: RunningSaathi;
let browser: Browser;

before(async () => {
  mailbox = await startMailbox({ refuseRecipient: (to) => (to === GONE ? { code: 550, text: '5.1.1 No such user here' } : null) });
  saathi = await startSaathi({ DEMO_MODE: 'false', SMTP_URL: mailbox.url });
  browser = await launchBrowser();
  const reviewer = saathi.cli(['reviewer', 'create', REVIEWER.username, '--name', REVIEWER.fullName], `${REVIEWER.password}\n`);
  assert.equal(reviewer.status, 0, reviewer.stderr);
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
  await mailbox?.close();
});

describe('email delivery on the ops member page (1440×900)', () => {
  test('an address that bounced shows as Undeliverable with the server’s answer; the reviewer lifts the mark', async () => {
    // Registering sends the confirmation email, which the mail server refuses.
    const reg = await fetch(`${saathi.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: saathi.url },
      body: JSON.stringify({ fullName: 'Ravi Shankar', email: GONE, username: 'ravi_shankar', password: 'monsoon-letters-2026', confirmPassword: 'monsoon-letters-2026', subscriptionTier: 'tryme' }),
    });
    assert.equal(reg.status, 202, await reg.clone().text());

    const context = await browser.newContext({ baseURL: saathi.url, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/ops');
    await page.getByLabel('Username').fill(REVIEWER.username);
    await page.getByLabel('Password').fill(REVIEWER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A real deployment: the first sign-in turns on two-factor before the console opens (e2e/ops-staff-2fa.test.ts).
    await page.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication' }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = ((await page.locator('.ops-enrol__secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('6-digit code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
    await page.getByRole('button', { name: 'I have saved my recovery codes: open the console' }).click();
    await page.getByRole('banner').getByText(REVIEWER.fullName).waitFor();

    await page.goto('/ops/members?q=ravi');
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'Ravi Shankar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ravi Shankar' }).waitFor();
    const memberPage = page.url();
    const section = page.getByRole('region', { name: /^Email delivery/ });
    for (let i = 0; ; i++) {
      await page.goto(memberPage);
      await page.getByRole('heading', { level: 1, name: 'Ravi Shankar' }).waitFor();
      if (await section.getByText('Undeliverable').isVisible()) break;
      assert.ok(i < 40, 'the bounce never showed');
      await new Promise((r) => setTimeout(r, 250));
    }
    await section.getByText(/550 5\.1\.1 No such user here/).first().waitFor();
    await section.getByRole('table', { name: 'Latest failed emails' }).getByText('Failed').waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'ops-member-email-undeliverable');

    await section.getByRole('button', { name: 'Send email again' }).click();
    const dialog = page.getByRole('dialog', { name: `Send email to ${GONE} again?` });
    await dialog.getByRole('button', { name: 'Send email again' }).click();
    await page.getByText(`Email will be sent to ${GONE} again.`).waitFor();
    await section.getByText('Deliverable', { exact: true }).waitFor();
    assert.equal(await section.getByRole('button', { name: 'Send email again' }).count(), 0);
    await page.getByRole('region', { name: /^Audit trail/ }).getByText('Lifted undeliverable-email mark').waitFor();
    await screenshot(page, 'ops-member-email-cleared');
    await context.close();
  });
});
