import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot, seededInstance } from './harness';
import { assertLayoutHolds, collectAllApiWords, latinWordsShown } from './language-check';

const instance = seededInstance(20);

/** Every Latin letter as an accented or look-alike one: text from the catalogue no longer reads as plain Latin. */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'áƀçđéƒĝĥíĵķĺɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i]]),
);

/**
 * The pseudo-locale: each literal part of every message in the English catalogue's chunk (FormatJS's AST, literal
 * elements are `{type:0,value:"…"}`) with its letters accented and a third longer, as German or Tamil run; the
 * arguments and the ICU structure stay.
 */
function pseudo(chunk: string): string {
  // esbuild writes a string in double quotes, or in single quotes or backticks when it holds double quotes.
  return chunk.replace(/type:0,value:(["'`])((?:(?!\1)[^\\]|\\.)*)\1/g, (_, quote: string, text: string) => {
    const accented = text.replace(/\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\}|\\x[0-9a-fA-F]{2}|\\.|[A-Za-z]/g, (c) => (c.length === 1 ? ACCENTED[c] : c));
    const letters = text.replace(/[^A-Za-z]/g, '').length;
    return `type:0,value:${quote}${accented}${letters > 0 ? '·'.repeat(Math.ceil(letters / 3)) : ''}${quote}`;
  });
}

/** Latin words a member reads that the catalogue did not give: written into the code, or sent by the server in English. */
async function plainWords(page: Page, memberWords: Set<string>): Promise<string[]> {
  // Dates are the language's own (English writes its month and day names out, as Intl would), not catalogue text.
  const dates = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'Jan', 'Feb', 'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const allowed = new Set(['Saathi', 'Tryme', 'Premium', 'Elite', 'English', 'am', 'pm', 'AM', 'PM', ...dates]);
  return (await latinWordsShown(page)).filter((word) => !allowed.has(word) && !memberWords.has(word));
}

async function checkPseudo(page: Page, memberWords: Set<string>, screen: string): Promise<void> {
  assert.deepEqual(await plainWords(page, memberWords), [], `${screen}: text not from the catalogue`);
  await assertLayoutHolds(page, screen);
  await screenshot(page, `pseudo-${screen}`);
}

describe('the pseudo-locale: longer, accented text on every member screen', () => {
  test('each screen takes its words from the catalogue and holds a third more text at 390 px', async () => {
    // No service worker: every catalogue request reaches the route below.
    const pseudoContext = await instance.browser.newContext({ baseURL: instance.saathi.url, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    await pseudoContext.addInitScript(() => window.localStorage.setItem('hasSeenSplash', 'true'));
    let served = 0;
    await pseudoContext.route(/\/assets\/chunks\/en-[A-Z0-9]+\.js$/, async (route) => {
      const response = await route.fetch();
      served++;
      // The body is sent as text: without the precompressed copy's encoding and length.
      const { 'content-encoding': _encoding, 'content-length': _length, ...headers } = response.headers();
      await route.fulfill({ status: response.status(), headers, body: pseudo(await response.text()) });
    });
    const page = await pseudoContext.newPage();
    const memberWords = collectAllApiWords(page);
    // Signed in through the API: the sign-in form's labels are pseudo too.
    const signedIn = await page.request.post('/api/auth/login', { headers: { Origin: instance.saathi.url }, data: { username: 'demo', password: 'demo-pass-2026' } });
    assert.equal(signedIn.status(), 200);
    await page.goto('/');
    // The app has taken over from the server's first screen with the pseudo catalogue.
    await page.waitForFunction(() => /[áéíóú]/.test(document.querySelector('.bottom-nav')?.textContent ?? ''));
    assert.ok(served > 0, 'the English catalogue was fetched, and made pseudo');
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: number };
    const [match] = (await (await page.request.get(`/api/users/${me.id}/matches`)).json()) as Array<{ profile: { userId: number; id: number } }>;
    const screens: Array<[string, string, string]> = [
      ['home', '/', '.member-home__title'],
      ['search', '/search', '.result-list > li.result-card:not(.result-card--skeleton)'],
      ['profile', `/profile/${match.profile.id}`, '.profile-intro'],
      ['messages', '/messages', '.conversation'],
      ['chat', `/chat/${match.profile.userId}`, '.bubble'],
      ['matches', '/liked-profiles?tab=matches', '.match-row'],
      ['notifications', '/notifications', '.notifications-page, .empty-state'],
      ['settings', '/settings', '.language-card'],
      ['plans', '/subscription', '.plan-card:not(.plan-card--skeleton)'],
      ['kundali', '/compatibility', '.kundali-page, .compatibility-page, h1'],
      ['moods', '/mood-tracking', 'h1'],
      ['family', '/family', 'h1'],
      ['help', '/help', 'h1'],
      ['own-profile', '/profile', 'h1'],
      ['edit-profile', '/edit-profile', 'form, h1'],
      ['shortlist', '/shortlist', 'h1'],
      ['profile-views', '/profile-views', 'h1'],
      ['stories', '/stories', 'h1'],
      ['about', '/about', 'h1, h2'],
    ];
    for (const [screen, url, ready] of screens) {
      await page.goto(url);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      await checkPseudo(page, memberWords, screen);
    }
    await pseudoContext.close();
  });
});
