// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, not DOM nodes
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertNoOverflow, returningPhonePage, screenshot, seededInstance, signInAsDemo, toastText, viewportScreenshot } from './harness';

const instance = seededInstance(40);

describe('saved searches', () => {
  test('save the search on screen, find it under Saved searches and the Account menu, switch an alert, rename and delete it', async () => {
    const page = await returningPhonePage(instance.browser, instance.saathi.url);
    await signInAsDemo(page, '/search');
    await page.getByPlaceholder('Search by name, location, etc.').fill('engineer');
    await page.waitForURL((url) => url.searchParams.get('query') === 'engineer');
    await page.getByRole('button', { name: 'Save search' }).click();
    const form = page.getByRole('form', { name: 'Save this search' });
    assert.equal(await form.getByLabel('Name').inputValue(), '“engineer”');
    await form.getByLabel('Name').fill('Engineers abroad');
    await viewportScreenshot(page, 'saved-search-save-form');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await toastText(page, 'Saved “Engineers abroad”').waitFor();
    await page.getByText('Saved as “Engineers abroad”').waitFor();
    await assertNoOverflow(page);
    await viewportScreenshot(page, 'saved-search-saved');

    await page.getByRole('link', { name: 'Saved searches' }).click();
    await page.waitForURL((url) => url.pathname === '/saved-searches');
    const card = page.getByRole('listitem', { name: 'Engineers abroad' });
    await card.getByText(/members? match(es)? now/).waitFor();
    await card.getByText('“engineer”').waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'saved-searches-list');

    await card.getByRole('switch', { name: 'Push' }).click();
    await page.waitForFunction(() => document.querySelector('[role="switch"][aria-checked="false"]') !== null);
    await card.getByRole('button', { name: 'Rename “Engineers abroad”' }).click();
    await page.getByRole('form', { name: 'Rename “Engineers abroad”' }).getByLabel('Name').fill('Engineers in Canada');
    await page.getByRole('form', { name: 'Rename “Engineers abroad”' }).getByRole('button', { name: 'Save', exact: true }).click();
    const renamed = page.getByRole('listitem', { name: 'Engineers in Canada' });
    await renamed.waitFor();
    assert.equal(await renamed.getByRole('switch', { name: 'Push' }).getAttribute('aria-checked'), 'false');
    assert.equal(await renamed.getByRole('switch', { name: 'Email' }).getAttribute('aria-checked'), 'true');
    await screenshot(page, 'saved-searches-renamed');

    // Open goes to the search at its address.
    await renamed.getByRole('link', { name: 'Open “Engineers in Canada”' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('query') === 'engineer');
    await page.getByText('Saved as “Engineers in Canada”').waitFor();

    // The Account menu leads there too; Delete empties the list.
    await page.goto('/profile');
    await page.getByRole('link', { name: /Saved searches/ }).click();
    await page.waitForURL((url) => url.pathname === '/saved-searches');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete “Engineers in Canada”' }).click();
    await page.getByRole('heading', { name: 'No saved searches yet' }).waitFor();
    await screenshot(page, 'saved-searches-empty');
    await page.context().close();
  });

  test('saathi jobs run saved-search-alerts runs the alerts with a match engine of its own', () => {
    const run = instance.saathi.cli(['jobs', 'run', 'saved-search-alerts']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /saved-search-alerts: alerts: \d+ emails, \d+ pushes/);
  });
});
