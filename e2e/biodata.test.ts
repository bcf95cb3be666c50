import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { assertNoOverflow, returningPhonePage, signInAsDemo, viewportScreenshot, seededInstance } from './harness';

const instance = seededInstance(20);

test('My Profile: the computed horoscope says so, the editor shows it read-only, and "Download biodata" saves a PDF', async () => {
  const page = await returningPhonePage(instance.browser, instance.saathi.url);
  await signInAsDemo(page, '/profile');
  const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
  const own = await page.evaluate(async (id) => (await fetch(`/api/users/${id}/profile`)).json(), me.id);
  const download = page.getByRole('link', { name: 'Download biodata' });
  await download.waitFor();
  await viewportScreenshot(page, 'biodata-own-profile');

  const saved = page.waitForEvent('download');
  await download.click();
  const file = await saved;
  assert.match(file.suggestedFilename(), /^saathi-biodata-\d+\.pdf$/);
  const bytes = fs.readFileSync(await file.path());
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  // Beside the screenshots, to look at (pdftoppm turns its pages into pictures).
  fs.writeFileSync(path.join(process.cwd(), '.tmp', 'screenshots', 'biodata-own.pdf'), bytes);

  await page.getByRole('tab', { name: 'View Profile' }).click();
  if (own.astroSource.rashi === 'computed') {
    await page.getByText(`${own.rashi} · from birth details`).waitFor();
    await page.getByRole('tab', { name: 'Edit Profile' }).click();
    await page.getByRole('button', { name: /^Step 3/ }).click();
    const computed = page.getByRole('region', { name: 'From your birth details' });
    await computed.waitFor();
    await computed.scrollIntoViewIfNeeded();
    assert.equal(await page.getByRole('combobox', { name: 'Rashi' }).count(), 0, 'no input for a computed rashi');
    await viewportScreenshot(page, 'biodata-editor-computed');
  }
  await assertNoOverflow(page);
  await page.context().close();
});

test('another member\'s profile offers the biodata under Like and Chat', async () => {
  const page = await returningPhonePage(instance.browser, instance.saathi.url);
  await signInAsDemo(page, '/search');
  const card = page.locator('a[href^="/profile/"]').first();
  await card.waitFor();
  const href = (await card.getAttribute('href')) ?? '';
  await page.goto(href);
  // The server's copy of the screen is replaced by the app's: the link to scroll to is the app's.
  await page.waitForLoadState('networkidle');
  const download = page.getByRole('link', { name: 'Download biodata' });
  await download.waitFor();
  await download.evaluate((link) => link.scrollIntoView({ block: 'center' }));
  await viewportScreenshot(page, 'biodata-profile-view');
  const status = await page.evaluate(async (url) => (await fetch(url)).status, (await download.getAttribute('href')) ?? '');
  assert.equal(status, 200);
  await assertNoOverflow(page);
  await page.context().close();
});
