// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, not DOM nodes; innerText() is the rendered text a member reads
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { figureText } from '../contracts/site-figures';
import { apiSession, assertNoOverflow, demoApiSession, phoneContext, registerOverApi, returningPhonePage, screenshot, signInAsDemo, seededInstance } from './harness';

const instance = seededInstance(60);

/** A phone; by default a returning browser that has already been through the splash walkthrough. */
async function newPage({ firstVisit = false } = {}): Promise<Page> {
  return firstVisit ? (await phoneContext(instance.browser, instance.saathi.url)).newPage() : returningPhonePage(instance.browser, instance.saathi.url);
}

const resultCards = (page: Page) => page.locator('.result-list > li.result-card:not(.result-card--skeleton)');

describe('discovery in the browser', () => {
  test('a first visit goes to /splash; Skip lands on / and the splash never returns', async () => {
    const page = await newPage({ firstVisit: true });
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/splash');
    await page.getByRole('heading', { name: 'Welcome to Saathi' }).waitFor();
    await screenshot(page, 'discovery-splash');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Yes, I Want This!' }).waitFor();
    await page.getByText('LIMITED TIME OFFER').first().waitFor();
    await page.waitForTimeout(500); // the 0.4 s slide transition
    await screenshot(page, 'discovery-splash-offer');

    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Find Your Perfect Match' }).waitFor();
    assert.equal(await page.evaluate(() => window.localStorage.getItem('hasSeenSplash')), 'true');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('splashVisitCount')), '1');
    await page.getByRole('link', { name: 'Create Account Now' }).waitFor();
    // The figures are the database's, as the server rounds them; none is written into the page.
    const figures = (await (await page.request.get('/api/site-figures')).json()) as Record<string, number | null>;
    const stats = page.getByRole('list', { name: 'Saathi in numbers' });
    assert.ok(figures.matches !== null, 'the seeded members have matches');
    await stats.getByText(figureText(figures.matches as number), { exact: true }).waitFor();
    assert.equal(await stats.getByText('Success Stories').count(), figures.successStories === null ? 0 : 1);
    await screenshot(page, 'discovery-landing');

    // A new browser session: the walkthrough stays done.
    const again = await page.context().newPage();
    await again.goto('/');
    await again.getByRole('heading', { name: 'Find Your Perfect Match' }).waitFor();
    assert.equal(new URL(again.url()).pathname, '/');
    await again.goto('/splash');
    await again.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  test('a member sees featured and daily matches with percentages and a success story', async () => {
    const page = await newPage();
    await signInAsDemo(page);
    await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
    // The demo member is on Premium: the gold banner and the once-per-session welcome.
    await page.getByText('Premium Member:').waitFor();
    await page.getByText(/^Welcome back, /).first().waitFor();

    const featured = page.getByRole('list', { name: 'Featured Matches' });
    await featured.getByRole('link').first().waitFor();
    assert.ok((await featured.getByRole('link').count()) >= 3);
    const daily = page.getByRole('list', { name: 'Daily Matches' });
    await daily.getByText(/^\d+% Match$/).first().waitFor();
    assert.ok((await daily.getByText(/^\d+% Match$/).count()) >= 4);
    await page.getByRole('article', { name: /^Success story of / }).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'discovery-home');

    await featured.getByRole('link').first().click();
    await page.waitForURL((url) => /^\/profile\/\d+$/.test(url.pathname));

    // The welcome shows once per browser session.
    await page.goto('/');
    await page.getByRole('list', { name: 'Daily Matches' }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByText(/^Welcome back, /).count(), 0);
    await page.context().close();
  });

  test('search: a city finds its members, filters narrow, "Load More Results" appends, nonsense is empty', async () => {
    const page = await newPage();
    await signInAsDemo(page, '/search');
    const box = page.getByPlaceholder('Search by name, location, etc.');
    await box.fill('Brampton');
    await page.getByText('Brampton, Canada').first().waitFor();
    const bramptonCount = await resultCards(page).count();
    assert.ok(bramptonCount >= 1);
    await screenshot(page, 'discovery-search-results');

    // Filters alone (no text): every age, then narrowed to one country.
    await box.fill('');
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('slider', { name: 'Minimum age' }).focus();
    await page.keyboard.press('Home');
    await page.getByRole('slider', { name: 'Maximum age' }).focus();
    await page.keyboard.press('End');
    await page.getByText('18 yrs – 70 yrs').waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'discovery-search-filters');
    // The answer to exactly these criteria (no text, every age), then its cards as the member sees them: the list
    // shown before (the text search, or the best matches while the cleared box waits for typing to stop) has a
    // "Load More Results" button of its own.
    const everyAge = page.waitForResponse((res) => {
      const url = new URL(res.url());
      return url.pathname === '/api/search' && !url.searchParams.has('query') && !url.searchParams.has('cursor') && url.searchParams.get('minAge') === '18' && url.searchParams.get('maxAge') === '70';
    });
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const everyAgeTotal = Number((await everyAge).headers()['x-total-count']);
    assert.ok(everyAgeTotal > 20, `more than one page (${everyAgeTotal})`);
    await page.getByText(`${everyAgeTotal.toLocaleString('en-GB')} members match your search`).waitFor();
    await page.getByRole('button', { name: 'Load More Results' }).waitFor();
    assert.equal(await resultCards(page).count(), 20);
    // Every answer in and the filter sheet closed: on a busy machine a list still settling (the sheet closing, a card's
    // photo arriving) moved the button under a card as it was clicked.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.filter-panel__actions'));
    await page.getByRole('button', { name: 'Load More Results' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.result-list > li.result-card:not(.result-card--skeleton)').length > 20);
    const everyone = await resultCards(page).count();
    assert.ok(everyone > 20, `appended the next page (${everyone})`);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: '+ Add Location' }).click();
    await page.getByPlaceholder('Search countries...').fill('Canada');
    await page.getByRole('button', { name: 'Canada', exact: true }).click();
    await page.getByRole('button', { name: 'Remove Canada' }).waitFor();
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await page.waitForFunction(
      (total) => {
        const cards = document.querySelectorAll('.result-list > li.result-card:not(.result-card--skeleton)');
        return cards.length > 0 && cards.length < total;
      },
      everyone,
    );
    const places = await resultCards(page).locator('.result-card__meta').allTextContents();
    const inCanada = places.filter((text) => text.includes(', Canada'));
    assert.equal(inCanada.length, await resultCards(page).count(), 'every result is in Canada');

    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: 'Reset All' }).click();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await box.fill('qwxzzy nonsense');
    await page.getByText('No profiles match your search criteria.').waitFor();
    await page.getByText('Try adjusting your filters to see more results.').waitFor();
    await page.context().close();
  });

  test('an empty search lists the best matches with the total; "Not interested" sets a member aside until undone in Settings', async () => {
    const page = await newPage();
    await signInAsDemo(page, '/search');
    await page.getByText('Your best matches').waitFor();
    const countText = await page.getByText(/members, best match first/).innerText();
    const total = Number(countText.replace(/[^0-9]/g, ''));
    assert.ok(total > 20, countText);
    const percents = (await resultCards(page).locator('.match-pill').allTextContents()).map((t) => Number(t.replace(/[^0-9]/g, '')));
    assert.ok(percents.length >= 10, 'every card shows its match');
    assert.deepEqual([...percents].sort((a, b) => b - a), percents, 'best match first');
    const first = resultCards(page).first();
    const name = (await first.locator('.result-card__name').innerText()).split(',')[0].trim();
    await first.getByRole('button', { name: `Not interested in ${name}` }).click();
    await page.getByText(`${name} is set aside`, { exact: true }).waitFor();
    await page.waitForFunction((n) => ![...document.querySelectorAll('.result-card__name')].some((e) => e.textContent?.startsWith(n)), name);
    await page.getByText(`${(total - 1).toLocaleString('en-GB')} members, best match first`).waitFor();
    await screenshot(page, 'discovery-not-interested');

    await page.goto(`${instance.saathi.url}/settings`);
    const setAside = page.locator('section', { has: page.getByRole('heading', { name: 'Profiles you set aside' }) });
    await setAside.getByText(name).waitFor();
    await setAside.getByRole('button', { name: `Undo not interested for ${name}` }).click();
    await setAside.getByText('You have not set anyone aside.').waitFor();

    await page.goto(`${instance.saathi.url}/search`);
    await page.getByText(`${total.toLocaleString('en-GB')} members, best match first`).waitFor();
    assert.equal((await resultCards(page).first().locator('.result-card__name').innerText()).split(',')[0].trim(), name, 'back in first place');
    await page.context().close();
  });

  test('scrolling the best matches loads every page through the cursor: as many cards as the total, nobody twice', async () => {
    const page = await newPage();
    await signInAsDemo(page, '/search');
    const total = Number((await page.getByText(/members, best match first/).innerText()).replace(/[^0-9]/g, ''));
    assert.ok(total > 20, `more than one page (${total})`);
    await resultCards(page).nth(19).waitFor();
    // No clicks: reaching the end of the list fetches the next page (each page's cards render before the end of
    // the list is there to reach, so on a busy machine this takes a while).
    const deadline = Date.now() + 20_000;
    while ((await resultCards(page).count()) < total && Date.now() < deadline) {
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(250);
    }
    const hrefs = await resultCards(page).getByRole('link', { name: /^View Profile of/ }).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    assert.equal(hrefs.length, total);
    assert.equal(new Set(hrefs).size, total, 'nobody shown twice');
    assert.equal(await page.getByRole('button', { name: 'Load More Results' }).count(), 0, 'the last page has no next cursor');
    const percents = (await resultCards(page).locator('.match-pill').allTextContents()).map((t) => Number(t.replace(/[^0-9]/g, '')));
    assert.deepEqual([...percents].sort((a, b) => b - a), percents, 'best match first, across pages');
    await page.context().close();
  });

  test('a premium filter narrows the best matches; the toast\'s Undo brings a member set aside straight back', async () => {
    const page = await newPage();
    await signInAsDemo(page, '/search');
    const everyone = Number((await page.getByText(/members, best match first/).innerText()).replace(/[^0-9]/g, ''));

    // The demo member is on Premium: the premium section opens and its chips apply.
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByRole('slider', { name: 'Minimum age' }).focus();
    await page.keyboard.press('Home');
    await page.getByRole('slider', { name: 'Maximum age' }).focus();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: /Premium filters/ }).click();
    await page.getByRole('group', { name: 'Diet' }).getByRole('button', { name: 'Vegetarian', exact: true }).click();
    await page.getByRole('switch', { name: 'With a photo only' }).click();
    await page.waitForTimeout(300);
    await screenshot(page, 'discovery-premium-filters');
    const answer = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/search' && new URL(res.url()).searchParams.get('diets') === 'vegetarian');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    const response = await answer;
    assert.equal(response.status(), 200);
    assert.equal(new URL(response.url()).searchParams.get('hasPhoto'), 'true');
    const filtered = Number(response.headers()['x-total-count']);
    assert.ok(filtered > 0 && filtered < everyone, `vegetarian members with a photo: ${filtered} of ${everyone}`);
    await page.getByText(`${filtered.toLocaleString('en-GB')} ${filtered === 1 ? 'member' : 'members'} match your search`).waitFor();
    // Every member shown is vegetarian, as their profile says.
    const ids = await resultCards(page)
      .getByRole('link', { name: /^View Profile of/ })
      .evaluateAll((links) => links.slice(0, 5).map((a) => Number(a.getAttribute('href')?.split('/').pop())));
    assert.ok(ids.length > 0);
    for (const id of ids) {
      const diet = await page.evaluate(async (pid) => ((await (await fetch(`/api/profiles/${pid}`)).json()) as { diet: string }).diet, id);
      assert.equal(diet, 'vegetarian', `profile ${id}`);
    }
    await screenshot(page, 'discovery-premium-results');

    // Not interested, then Undo from the toast: the member is back without a trip to Settings.
    const first = resultCards(page).first();
    const name = (await first.locator('.result-card__name').innerText()).split(',')[0].trim();
    await first.getByRole('button', { name: `Not interested in ${name}` }).click();
    await page.getByText(`${name} is set aside`, { exact: true }).waitFor();
    await page.waitForFunction((n) => ![...document.querySelectorAll('.result-card__name')].some((e) => e.textContent?.startsWith(n)), name);
    await page.getByText(`${(filtered - 1).toLocaleString('en-GB')} ${filtered - 1 === 1 ? 'member' : 'members'} match your search`).waitFor();
    await screenshot(page, 'discovery-not-interested-toast');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`${name} is back in your matches`, { exact: true }).waitFor();
    await page.waitForFunction((n) => [...document.querySelectorAll('.result-card__name')].some((e) => e.textContent?.startsWith(n)), name);
    const marks = await page.evaluate(async () => (await (await fetch('/api/not-interested')).json()) as unknown[]);
    assert.deepEqual(marks, []);
    await page.context().close();
  });

  test('the mood filter narrows search results to members in a compatible mood', async () => {
    // A member in Canada who shares a "Happy" mood (sharing turned on), created through the API like a real sign-up.
    const origin = instance.saathi.url;
    const register = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { Origin: origin, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ fullName: 'Moodmatch Sandhu', email: 'moodmatch@example.test', username: 'moodmatch', password: 'happy-days-2026', confirmPassword: 'happy-days-2026' }),
    });
    assert.equal(register.status, 201);
    const cookie = register.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const api = (path: string, body: unknown) =>
      fetch(`${origin}${path}`, { method: 'POST', headers: { Origin: origin, Cookie: cookie, Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const profile = await api('/api/profiles', {
      gender: 'male', lookingFor: 'female', dateOfBirth: '1994-05-05', profileType: 'self', country: 'Canada', city: 'Brampton',
      education: "Master's", profession: 'Pharmacist', agePreferenceMin: 24, agePreferenceMax: 34,
    });
    assert.equal(profile.status, 201);
    const types = (await (await fetch(`${origin}/api/moods/types`, { headers: { Cookie: cookie } })).json()) as Array<{ id: number; name: string }>;
    const happy = types.find((t) => t.name === 'Happy');
    assert.ok(happy);
    assert.equal((await api('/api/moods', { moodTypeId: happy.id, intensity: 4, isPrivate: false })).status, 201);
    const me = (await (await fetch(`${origin}/api/auth/user`, { headers: { Cookie: cookie, Accept: 'application/json' } })).json()) as { id: number };
    const shareMoods = await fetch(`${origin}/api/users/${me.id}/privacy-settings`, {
      method: 'PATCH', headers: { Origin: origin, Cookie: cookie, Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify({ shareMoods: true }),
    });
    assert.equal(shareMoods.status, 200);

    const page = await newPage();
    await signInAsDemo(page, '/search');
    const recorded = await page.evaluate(async (moodTypeId) => {
      const user = (await (await fetch('/api/auth/user', { headers: { Accept: 'application/json' } })).json()) as { id: number };
      const shared = await fetch(`/api/users/${user.id}/privacy-settings`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ shareMoods: true }) });
      const res = await fetch('/api/moods', { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ moodTypeId, intensity: 4, isPrivate: false }) });
      return [shared.status, res.status];
    }, happy.id);
    assert.deepEqual(recorded, [200, 201]);

    await page.getByPlaceholder('Search by name, location, etc.').fill('Canada');
    // The text search's own results (the best matches shown before it may hold the same member).
    await page.getByText(/ match(es)? your search, /).waitFor();
    await page.getByText('Moodmatch Sandhu').first().waitFor();
    const before = await resultCards(page).count();
    await page.getByRole('button', { name: 'More Options' }).click();
    await page.getByRole('switch', { name: 'Match by mood' }).click();
    await page.waitForFunction(
      (total) => {
        const cards = document.querySelectorAll('.result-list > li.result-card:not(.result-card--skeleton)');
        return cards.length > 0 && cards.length < total;
      },
      before,
    );
    const names = await resultCards(page).allTextContents();
    assert.ok(names.some((text) => text.includes('Moodmatch Sandhu')), 'the member in a matching mood stays');
    assert.ok(names.length < before, `narrowed from ${before} to ${names.length}`);
    await screenshot(page, 'discovery-search-mood-filter');
    await page.context().close();
  });

  test("every signed-in screen fits the phone's width, the own profile with the members who liked her listed", async () => {
    // An admirer with a long name from a long-named city: each row shows photo, name and place on one line, and a
    // button; such a row once made the whole page wider than the screen.
    const demo = await demoApiSession(instance.saathi.url);
    const { profileId: demoProfile } = (await (await demo.call('GET', '/api/auth/user')).json()) as { profileId: number };
    const admirer = apiSession(instance.saathi.url);
    const admirerId = await registerOverApi(admirer, { fullName: 'Venkatanarayanan Ramasubramanian', username: 'venkat_r', password: 'kaveri-sangam-2026' });
    const created = await admirer.call('POST', '/api/profiles', {
      json: {
        userId: admirerId, gender: 'male', lookingFor: 'female', dateOfBirth: '1992-02-11', profileType: 'self', education: "Master's",
        religion: 'Hindu', motherTongue: 'Malayalam', country: 'United Arab Emirates', city: 'Thiruvananthapuram', profession: 'Architect',
        about: 'Designs schools in the Gulf; home is still Kerala.', agePreferenceMin: 24, agePreferenceMax: 36,
      },
    });
    assert.equal(created.status, 201, await created.clone().text());
    const liked = await admirer.call('POST', '/api/profile-likes', { json: { likedProfileId: demoProfile } });
    assert.equal(liked.status, 201, await liked.clone().text());

    const page = await newPage();
    await signInAsDemo(page, '/profile');
    await page.locator('.who-liked__item').getByText('Venkatanarayanan Ramasubramanian').waitFor();
    await assertNoOverflow(page);
    await screenshot(page, 'discovery-own-profile');
    const screens: Array<[string, string]> = [
      ['/', 'Home'], ['/search', 'Search'], ['/liked-profiles', 'Matches & Likes'], ['/messages', 'Messages'],
      ['/notifications', 'Notifications'], ['/settings', 'Settings'], ['/family', 'Family'], ['/subscription', 'Subscription plans'],
      ['/mood-tracking', 'Mood tracking'], ['/compatibility', 'Kundali compatibility'], ['/help', 'Help & Support'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await page.waitForFunction((t) => document.title.includes(t), title);
      await page.waitForLoadState('networkidle');
      await assertNoOverflow(page);
    }
    await page.context().close();
  });

  test('the help form sends and shows "Message Sent"', async () => {
    const page = await newPage();
    await page.goto('/help');
    await page.getByRole('heading', { name: 'Help & Support' }).waitFor();
    await page.getByRole('button', { name: /son or daughter/ }).click();
    await page.getByText(/Parent \/ Guardian/).waitFor();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sunita Reddy');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('sunita@example.test');
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Profile for my son');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('How do I add my son’s birth time for Kundali matching?');
    await screenshot(page, 'discovery-help');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent', { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), '');
    await page.context().close();
  });

  test('/dev-tools shows a QR code to a signed-in member of the demo; after `saathi expo rotate` a refresh shows a different one', async () => {
    const page = await newPage();
    // The dev-client token and host are for the people building the app, not for visitors.
    await signInAsDemo(page, '/dev-tools');
    const qr = page.getByRole('img', { name: /^QR code for / });
    await qr.waitFor();
    await page.getByText('Ready', { exact: true }).waitFor();
    const before = await qr.getAttribute('src');
    assert.match(before ?? '', /^data:image\/png;base64,/);
    await screenshot(page, 'discovery-dev-tools');

    const rotated = instance.saathi.cli(['expo', 'rotate']);
    assert.equal(rotated.status, 0, rotated.stderr);
    await page.getByRole('button', { name: 'Refresh QR Code' }).click();
    await page.waitForFunction(
      (previous) => document.querySelector('.qr-card__image')?.getAttribute('src') !== previous,
      before,
    );
    const afterSrc = await qr.getAttribute('src');
    assert.notEqual(afterSrc, before);

    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.getByText('Log viewer coming soon...').waitFor();
    await page.context().close();
  });
});
