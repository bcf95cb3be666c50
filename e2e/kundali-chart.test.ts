import assert from 'node:assert/strict';
import { test } from 'node:test';
import { returningPhonePage, signInAsDemo, viewportScreenshot, seededInstance } from './harness';

const instance = seededInstance(40, { FIRST_FREE_PREMIUM: '0' });

test('the Kundali screen draws the member\'s chart both ways, and explains every koota of a match', async () => {
  const page = await returningPhonePage(instance.browser, instance.saathi.url);
  await signInAsDemo(page, '/compatibility');
  assert.equal(await page.title(), 'Kundali compatibility · Saathi');

  const north = page.getByRole('img', { name: /North Indian rashi chart/ });
  await north.waitFor();
  const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
  const chart = await page.evaluate(async (id) => (await fetch(`/api/kundali/chart/${id}`)).json(), me.id);
  // Every graha the engine placed is drawn, and the text alternative names each house.
  const drawn = await north.locator('tspan').allTextContents();
  const placed = chart.houses.flatMap((h: { grahas: Array<{ abbr: string; degree: number }> }) => h.grahas.map((g) => `${g.abbr} ${g.degree}°`));
  assert.deepEqual([...drawn].sort(), [...placed].sort());
  assert.ok(placed.length >= 2);
  await viewportScreenshot(page, 'kundali-chart-north');
  await page.getByRole('radio', { name: 'South Indian' }).check({ force: true });
  await page.getByRole('img', { name: /South Indian rashi chart/ }).waitFor();
  await page.getByText('The chart as text').click();
  await viewportScreenshot(page, 'kundali-chart-south');

  const input = page.getByRole('combobox', { name: 'Profile to compare' });
  await input.focus();
  await page.getByRole('listbox', { name: 'Profiles to compare' }).waitFor();
  await viewportScreenshot(page, 'kundali-picker-open');
  const options = page.getByRole('option');
  // Pick the first profile whose chart can be matched.
  for (let i = 0; i < (await options.count()); i++) {
    const userId = Number(await options.nth(i).getAttribute('data-user-id'));
    const status = await page.evaluate(async ([a, b]) => (await fetch(`/api/kundali-compatibility/${a}/${b}`)).status, [me.id, userId]);
    if (status === 200) {
      await options.nth(i).dispatchEvent('mousedown');
      break;
    }
  }
  await page.getByRole('button', { name: 'Check Compatibility' }).click();
  await page.getByRole('heading', { name: 'How each koota is scored' }).waitFor();
  assert.equal(await page.locator('.koota-detail').count(), 8);
  const yoni = page.locator('.koota-detail').filter({ hasText: 'Yoni' });
  await yoni.locator('summary').click();
  await yoni.locator('.koota-table__read').waitFor();
  await yoni.scrollIntoViewIfNeeded();
  await viewportScreenshot(page, 'kundali-koota-yoni');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the viewport`);
  await page.context().close();
});
