import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { AUTH_MESSAGES } from '../contracts/auth';
import { type RunningSaathi, launchBrowser, screenshot, startSaathi } from './harness';

// A real deployment (not demo mode): a staff account's first sign-in turns on two-factor before the console opens.
let saathi: RunningSaathi;
let browser: Browser;
const ADMIN = { username: 'priya.admin', password: 'first-day-on-the-job-2026', fullName: 'Priya Admin' };

before(async () => {
  saathi = await startSaathi({ DEMO_MODE: 'false' });
  browser = await launchBrowser();
  const made = saathi.cli(['reviewer', 'create', ADMIN.username, '--admin', '--name', ADMIN.fullName], `${ADMIN.password}\n`);
  assert.equal(made.status, 0, made.stderr);
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

describe('staff two-factor enrolment (1440×900)', () => {
  test('the first sign-in asks for two-factor; a wrong code is refused; the recovery codes are shown once; then the console opens', async () => {
    const context = await browser.newContext({ baseURL: saathi.url, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/ops/members');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Turn on two-factor authentication' }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    assert.equal(await page.getByRole('navigation', { name: 'Console areas' }).count(), 0, 'no console before enrolling');
    await screenshot(page, 'ops-2fa-enrol');

    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
    await page.getByText(AUTH_MESSAGES.totpInvalid).waitFor();
    const secret = ((await page.locator('.ops-enrol__secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('6-digit code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on and continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Two-factor authentication is on' }).waitFor();
    assert.equal(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count(), 10);
    await screenshot(page, 'ops-2fa-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my recovery codes: open the console' }).click();
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await page.getByRole('banner').getByText(ADMIN.fullName).waitFor();

    // Reloading keeps the console open (the server knows two-factor is on).
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
    await context.close();
  });
});
