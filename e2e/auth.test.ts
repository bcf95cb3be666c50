import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type RunningSaathi, launchBrowser, returningPhonePage, screenshot, startSaathi } from './harness';

let saathi: RunningSaathi;
let browser: Browser;

before(async () => {
  saathi = await startSaathi();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await saathi?.stop();
});

const newPage = () => returningPhonePage(browser, saathi.url);

let n = 0;
async function register(page: Page, overrides: Partial<Record<'fullName' | 'email' | 'username' | 'password', string>> = {}) {
  n += 1;
  const account = {
    fullName: 'Kavya Menon',
    email: `kavya${n}@example.test`,
    username: `kavya_${n}`,
    password: 'onam-sadya-2026',
    ...overrides,
  };
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill(account.fullName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(account.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  return account;
}

async function signOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: /Logout/ }).click();
  await page.waitForURL('**/login');
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('accounts in the browser', () => {
  test('a visitor opening a protected route is sent to /login with redirectTo', async () => {
    const page = await newPage();
    await page.goto('/settings');
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(new URL(page.url()).searchParams.get('redirectTo'), '/settings');
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await screenshot(page, 'login');
    await page.context().close();
  });

  test('an unknown path shows "404 Page Not Found"', async () => {
    const page = await newPage();
    const response = await page.goto('/this/does/not/exist');
    assert.equal(response?.status(), 404);
    await page.getByText('404 Page Not Found').waitFor();
    await page.context().close();
  });

  test('register → signed in at / → sign out → sign in again with redirectTo', async () => {
    const page = await newPage();
    const account = await register(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText(account.fullName.split(' ')[0], { exact: false }).first().waitFor();
    await screenshot(page, 'home-after-register');
    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    assert.equal(me.username, account.username);

    await signOut(page);
    const after = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    assert.equal(after, 401);

    await page.goto('/notifications');
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, account.username, account.password);
    await page.waitForURL((url) => url.pathname === '/notifications');
    await page.context().close();
  });

  test('registration errors are shown: mismatched passwords never reach the server, a taken username does', async () => {
    const page = await newPage();
    await page.goto('/register');
    await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Rohan Gupta');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('rohan@example.test');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('rohan_g');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('first-password');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('second-password');
    let posted = false;
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/register')) posted = true;
    });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText("Passwords don't match").first().waitFor();
    assert.equal(posted, false);
    await screenshot(page, 'register-error');

    const first = await register(page);
    await page.waitForURL((url) => url.pathname === '/');
    await signOut(page);
    await register(page, { username: first.username, email: 'other@example.test' });
    await page.getByText('Username already exists').waitFor();
    await page.context().close();
  });

  test('wrong credentials show the server message', async () => {
    const page = await newPage();
    await page.goto('/login');
    await signIn(page, 'nobody_at_all', 'not-the-password');
    await page.getByText('Invalid username or password').waitFor();
    await page.context().close();
  });

  test('forgot password → reset (demo mode) → sign in with the new password', async () => {
    const page = await newPage();
    const account = await register(page);
    await page.waitForURL((url) => url.pathname === '/');
    await signOut(page);

    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Reset Email Sent').waitFor();
    await screenshot(page, 'forgot-password-sent');
    await page.getByRole('link', { name: 'Reset Password' }).click();
    await page.waitForURL('**/reset-password/**');

    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('short');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 8 characters').first().waitFor();

    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('monsoon-rains-2026');
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('monsoon-rains-2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password Reset Successful').waitFor();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');

    await signIn(page, account.username, account.password);
    await page.getByText('Invalid username or password').waitFor();
    await signIn(page, account.username, 'monsoon-rains-2026');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});

describe('ops console sign-in', () => {
  test('a member is refused; a reviewer created with the CLI signs in', async () => {
    const created = saathi.cli(['reviewer', 'create', 'lakshmi.ops', '--name', 'Lakshmi Narayan'], 'reviewer-pass-123\n');
    assert.equal(created.status, 0, created.stderr);

    const memberPage = await newPage();
    const member = await register(memberPage);
    await memberPage.waitForURL((url) => url.pathname === '/');
    await memberPage.context().close();

    const context = await browser.newContext({ baseURL: saathi.url, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/ops');
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(member.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
    await page.getByRole('button', { name: /Sign in/i }).click();
    // A member's right password is refused on the console exactly like a wrong one.
    await page.getByText('Invalid username or password').waitFor();

    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('lakshmi.ops');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('reviewer-pass-123');
    await page.getByRole('button', { name: /Sign in/i }).click();
    await page.getByText('Lakshmi Narayan').first().waitFor();
    await page.getByRole('link', { name: /Verification/ }).first().waitFor();
    await screenshot(page, 'ops-shell');
    await context.close();
  });
});
