import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type RunningSaathi, launchBrowser, phoneContext, registerInBrowser, screenshot, startSaathi } from './harness';

let saathi: RunningSaathi;
let browser: Browser;

before(async () => {
  // No launch offer: new members start on tryme, so the upgrade path is the one a paying member takes.
  saathi = await startSaathi({ FIRST_FREE_PREMIUM: '0' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

let n = 0;

/** A new tryme member registered over the API (as the register form does), signed in on a phone-sized page. */
async function trymeMemberPage(): Promise<Page> {
  n += 1;
  const password = 'diwali-lights-2026';
  const response = await fetch(`${saathi.url}/api/auth/register?redirect=/`, {
    method: 'POST',
    headers: { Accept: 'application/json', Origin: saathi.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      fullName: `Meera Pillai ${n}`,
      email: `meera${n}@example.test`,
      username: `meera_${n}`,
      password,
      confirmPassword: password,
    }),
    redirect: 'manual',
  });
  assert.equal(response.status, 201, await response.clone().text());
  const { user } = (await response.json()) as { user: { subscriptionTier: string } };
  assert.equal(user.subscriptionTier, 'tryme');
  const cookies = response.headers.getSetCookie().map((cookie) => {
    const [pair] = cookie.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), url: saathi.url };
  });
  const context = await phoneContext(browser, saathi.url);
  await context.addCookies(cookies);
  await context.addInitScript(() => window.localStorage.setItem('hasSeenSplash', 'true'));
  return context.newPage();
}

async function sessionTier(page: Page): Promise<string> {
  const me = (await page.evaluate(async () => (await fetch('/api/auth/user', { headers: { Accept: 'application/json' } })).json())) as {
    subscriptionTier: string;
  };
  return me.subscriptionTier;
}

async function fillCard(page: Page, number: string) {
  const expiryYear = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill(`12${expiryYear}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Meera Pillai');
}

describe('subscription and checkout in the browser', () => {
  test('a tryme member sees the three plans with Tryme as the current plan', async () => {
    const page = await trymeMemberPage();
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Subscription Plans' }).waitFor();
    await page.getByText('Upgrade Your Experience').waitFor();
    await page.getByText('Your current plan:').waitFor();
    assert.match((await page.locator('.current-plan').textContent()) ?? '', /Your current plan: Tryme/);

    const tryme = page.getByRole('article', { name: 'Tryme' });
    const current = tryme.getByRole('button', { name: 'Current Plan' });
    assert.equal(await current.isDisabled(), true);
    await tryme.getByText('Basic features to get started').waitFor();
    await page.getByRole('article', { name: 'Premium' }).getByText('Popular').waitFor();
    await tryme.getByText('Free', { exact: true }).waitFor();
    assert.equal(await tryme.getByText(/\$/).count(), 0, 'Tryme has no price: it is free, never charged');
    await page.getByRole('article', { name: 'Premium' }).getByText('US$14.99').waitFor();
    await page.getByRole('article', { name: 'Premium' }).getByText('/ month').waitFor();
    await page.getByRole('article', { name: 'Elite' }).getByRole('button', { name: 'Get Elite' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Current Plan' }).count(), 1);
    assert.equal(await page.getByRole('note', { name: 'Free Premium year' }).count(), 0, 'no launch-offer banner for tryme');
    await page.getByText(/Paid plans renew every month until you cancel\./).waitFor();
    await screenshot(page, 'subscription-tryme');
    await page.context().close();
  });

  test('a declined card (4000 0000 0000 0002) shows "Payment Failed" and keeps the member on tryme', async () => {
    const page = await trymeMemberPage();
    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Elite' }).getByRole('button', { name: 'Get Elite' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('tier') === 'elite');
    await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
    await page.getByText("You're subscribing to the Elite plan at US$29.99 / month").waitFor();
    await fillCard(page, '4000000000000002');
    assert.equal(await page.getByLabel('Card number').inputValue(), '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Subscribe to Elite - US$29.99 / month' }).click();
    await page.getByRole('button', { name: /Processing payment/ }).waitFor();
    await page.getByText('Payment Failed', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByText('Your card was declined.', { exact: true }).waitFor();
    await screenshot(page, 'checkout-declined');
    assert.equal(new URL(page.url()).pathname, '/checkout');
    assert.equal(await sessionTier(page), 'tryme');
    // A declined (or abandoned) checkout is no bill: Settings → Plan lists no unpaid invoice.
    await page.goto('/settings?tab=subscription');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    await invoices.getByText('No invoices yet.').waitFor();
    assert.equal(await invoices.getByText(/unpaid/).count(), 0);
    await screenshot(page, 'settings-plan-after-declined-checkout');
    await page.context().close();
  });

  test('a tryme member upgrades to Premium through the demo checkout and lands on the confirmation as premium', async () => {
    const page = await trymeMemberPage();
    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('tier') === 'premium');
    await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
    await page.getByText("You're subscribing to the Premium plan at US$14.99 / month").waitFor();
    await page.getByText('Demo payment — no card is charged').waitFor();
    await page.getByText('4242 4242 4242 4242').waitFor();
    await screenshot(page, 'checkout-premium');

    // The local checks run before anything is sent.
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }).click();
    await page.getByText('Enter a valid card number').waitFor();
    await page.getByText('Enter the name on the card').waitFor();
    await screenshot(page, 'checkout-validation');

    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }).click();

    // The payment ends on a confirmation: the plan, what was paid, when it renews, the card and the receipt.
    await page.waitForURL((url) => url.pathname === '/subscription/confirmed', { timeout: 10_000 });
    await page.getByRole('heading', { name: "You're on Premium" }).waitFor();
    const facts = page.locator('.confirmation__facts');
    await facts.getByText('Premium · US$14.99 / month').waitFor();
    await facts.getByText('US$14.99', { exact: true }).waitFor();
    await facts.getByText('Visa ending in 4242').waitFor();
    const renews = await facts.locator('div', { hasText: 'Renews on' }).locator('dd').textContent();
    assert.match(renews ?? '', /^\d{1,2} [A-Z][a-z]+ 20\d\d$/);
    const receipt = page.getByRole('link', { name: /View your receipt/ });
    const receiptPage = await page.request.get((await receipt.getAttribute('href')) ?? '');
    assert.equal(receiptPage.status(), 200);
    assert.match(await receiptPage.text(), /14\.99 USD/);
    await page.getByText(/Demo payment: no card was charged\./).waitFor();
    assert.equal(await page.getByText('Subscription Updated', { exact: true }).count(), 0, 'the screen says it; no toast');
    await screenshot(page, 'subscription-confirmed');
    assert.equal(await sessionTier(page), 'premium');
    // Back does not return to a checkout (it was replaced in the history).
    await page.goBack();
    assert.notEqual(new URL(page.url()).pathname, '/checkout');

    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Current Plan' }).waitFor();
    assert.match((await page.locator('.current-plan').textContent()) ?? '', /Your current plan: Premium/);
    await screenshot(page, 'subscription-premium');

    // Settings → Plan: what was bought, when it renews, the card and the invoice.
    await page.goto('/settings?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your plan' });
    await plan.getByText('Premium', { exact: true }).waitFor();
    await plan.getByText(/Renews on/).waitFor();
    await plan.getByText('Visa ending in 4242').waitFor();
    await page.getByRole('region', { name: 'Invoices' }).getByText('US$14.99 paid').waitFor();
    await screenshot(page, 'settings-plan');

    // Upgrade now: Elite at once, the prorated difference invoiced.
    await plan.getByRole('button', { name: 'Upgrade to Elite now' }).click();
    await page.getByRole('alertdialog', { name: 'Upgrade to Elite now?' }).getByRole('button', { name: 'Upgrade now' }).click();
    await page.getByText('You are now on Elite', { exact: true }).waitFor();
    await page.getByText(/^US\$1\d(\.\d\d)? charged now to Visa ending in 4242 for the rest of this period\.$/).first().waitFor();
    await screenshot(page, 'settings-plan-upgraded');
    await plan.getByText('Elite', { exact: true }).waitFor();
    assert.equal(await sessionTier(page), 'elite');
    await page.getByRole('region', { name: 'Invoices' }).getByText(/\(upgrade\)/).waitFor();

    // Cancel at period end asks first and says until when; resume undoes it.
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await confirm.getByText(/You keep Elite until .* It will not renew and nothing more is charged/).waitFor();
    await screenshot(page, 'settings-plan-cancel-dialog');
    await confirm.getByRole('button', { name: 'Cancel at period end' }).click();
    await plan.getByText(/Ends on/).waitFor();
    assert.equal(await sessionTier(page), 'elite', 'the paid month is kept');
    await screenshot(page, 'settings-plan-ending');
    await plan.getByRole('button', { name: 'Resume subscription' }).click();
    await plan.getByText(/Renews on/).waitFor();

    // A cheaper plan waits for the renewal, shows as pending, and "Keep Elite" undoes it.
    await plan.getByRole('button', { name: 'Switch to Premium at renewal' }).click();
    await page.getByText('Premium starts at your next renewal', { exact: true }).waitFor();
    await plan.getByText(/Switching to Premium on .*: you keep Elite until then/).waitFor();
    assert.equal(await sessionTier(page), 'elite');
    await screenshot(page, 'settings-plan-pending-switch');
    await plan.getByRole('button', { name: 'Keep Elite' }).click();
    await plan.getByText(/Renews on/).waitFor();
    assert.equal(await plan.getByText(/Switching to/).count(), 0);

    // A month later (the demo provider's clock) the renewal is paid and shows as an invoice.
    const advanced = saathi.cli(['billing', 'advance', '--days', '31']);
    assert.equal(advanced.status, 0, advanced.stderr);
    await page.reload();
    await page.getByRole('region', { name: 'Invoices' }).getByText('US$29.99 paid').waitFor();
    assert.equal(await sessionTier(page), 'elite');

    // On the plans page a subscriber's other paid plan is a change made in Settings → Plan, not a second checkout.
    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Switch to Premium' }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('tab') === 'subscription');
    await page.getByRole('region', { name: 'Your plan' }).getByRole('button', { name: 'Switch to Premium at renewal' }).waitFor();

    // Moving down to Tryme from the plans page asks first, never charges, and waits for the end of the paid month.
    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Tryme' }).getByRole('button', { name: 'Tryme Now' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Switch to Tryme?' });
    await dialog.getByText(/will not renew: you keep it until/).waitFor();
    await screenshot(page, 'subscription-downgrade-dialog');
    await dialog.getByRole('button', { name: 'Switch to Tryme' }).click();
    await page.getByText('Subscription Updated', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await sessionTier(page), 'elite');
    await page.goto('/settings?tab=subscription');
    await page.getByRole('region', { name: 'Your plan' }).getByText(/Ends on/).waitFor();
    await page.context().close();
  });

  test('a card that fails later: the upgrade is declined with nothing changed, the failed renewal shows live, another card pays it', async () => {
    const page = await trymeMemberPage();
    await page.goto('/checkout?tier=premium');
    await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
    await fillCard(page, '4000000000000341');
    await page.getByRole('button', { name: 'Subscribe to Premium - US$14.99 / month' }).click();
    await page.getByRole('heading', { name: "You're on Premium" }).waitFor({ timeout: 10_000 });
    assert.equal(await sessionTier(page), 'premium');

    // The upgrade asks first and says what it charges; this card declines, and the message says nothing changed.
    await page.goto('/settings?tab=subscription');
    const plan = page.getByRole('region', { name: 'Your plan' });
    await plan.getByText(/Renews on/).waitFor();
    await plan.getByRole('button', { name: 'Upgrade to Elite now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Upgrade to Elite now?' });
    await confirm.getByText(/The difference for the rest of this period \(at most US\$15\) is charged now to Visa ending in 0341\./).waitFor();
    await screenshot(page, 'settings-plan-upgrade-confirm');
    await confirm.getByRole('button', { name: 'Upgrade now' }).click();
    await page.getByText(/Your card ending in 0341 was declined, so nothing has changed: you are still on Premium\./).first().waitFor();
    await screenshot(page, 'settings-plan-upgrade-declined');
    assert.equal(await sessionTier(page), 'premium');
    await plan.getByText(/Renews on/).waitFor();

    // A month later (the CLI moves the demo clock) the renewal is declined: the open page shows it without a reload.
    const advanced = saathi.cli(['billing', 'advance', '--days', '31']);
    assert.equal(advanced.status, 0, advanced.stderr);
    await plan.getByText('Payment failed', { exact: true }).waitFor({ timeout: 5000 });
    await plan.getByRole('alert').getByText(/You keep Premium until/).waitFor();
    await screenshot(page, 'settings-plan-past-due');

    const form = plan.getByRole('form', { name: 'Pay with another card' });
    await fillCard(form as unknown as Page, '4242424242424242');
    await form.getByRole('button', { name: 'Pay US$14.99 now' }).click();
    await page.getByText('Payment received', { exact: true }).waitFor();
    await plan.getByText(/Renews on/).waitFor();
    await plan.getByText('Visa ending in 4242').waitFor();
    await screenshot(page, 'settings-plan-past-due-paid');
    assert.equal(await sessionTier(page), 'premium');
    await page.context().close();
  });

  test('a visitor opening /checkout is sent to sign in and comes back to the checkout afterwards', async () => {
    const context = await phoneContext(browser, saathi.url);
    const page = await context.newPage();
    await page.goto('/checkout?tier=elite');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirectTo'), '/checkout?tier=elite');
    await context.close();
  });
});

describe('the first 500 members buying Elite', () => {
  let first: RunningSaathi;
  before(async () => {
    first = await startSaathi({ FIRST_FREE_PREMIUM: '500' });
  });
  after(async () => {
    await first?.stop();
  });

  test('the plans page, checkout and confirmation say the free Premium year goes on after Elite', async () => {
    const context = await phoneContext(browser, first.url);
    const page = await context.newPage();
    await registerInBrowser(page, 'Arjun Menon');
    await page.goto('/subscription');
    const banner = page.getByRole('note', { name: 'Free Premium year' });
    await banner.getByText(/^Free Premium until \d{1,2} [A-Z][a-z]+ 20\d\d:$/).waitFor();
    await banner.getByText(/Buying Elite keeps this year: Elite starts at once, and when it ends you're back on free Premium until/).waitFor();
    await page.getByRole('article', { name: 'Premium' }).getByRole('button', { name: 'Current Plan' }).waitFor();
    await screenshot(page, 'subscription-first500');

    await page.getByRole('article', { name: 'Elite' }).getByRole('button', { name: 'Get Elite' }).click();
    await page.getByRole('heading', { name: 'Complete Your Subscription' }).waitFor();
    await page.getByText(/^Your free Premium year is kept: Elite starts now, and when it ends you're back on Premium until/).waitFor();
    await screenshot(page, 'checkout-first500-elite');
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Subscribe to Elite - US$29.99 / month' }).click();
    await page.getByRole('heading', { name: "You're on Elite" }).waitFor({ timeout: 10_000 });
    await page.getByText(/^Your free Premium year goes on: when Elite ends, you're back on Premium until \d{1,2} [A-Z][a-z]+ 20\d\d\.$/).waitFor();
    await screenshot(page, 'subscription-confirmed-first500');
    assert.equal(await sessionTier(page), 'elite');
    await context.close();
  });
});
