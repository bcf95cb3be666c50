import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';
import type { RecordedRequest } from '../../../test/fetch-stub';

const { renderApp, fakeServer, cleanupApp } = await import('../../../test/render-app');
const { buildAiResult, buildBasicResult, buildProfileSummary } = await import('../test-support');

afterEach(() => cleanupApp());

const ME = 7;
const profiles = [
  buildProfileSummary(ME, 'Priya Sharma'),
  buildProfileSummary(21, 'Arjun Nair', 'male', { relation: 'match', age: 31, city: 'London' }),
  buildProfileSummary(22, 'Kabir Singh', 'male', { relation: 'viewed', age: 34, city: 'Toronto', country: 'Canada' }),
  buildProfileSummary(23, 'Kabir Singh', 'male', { age: 28, city: 'Leicester', photo: null }),
];
const NAMES: Record<string, string> = { '21': 'Arjun Nair', '22': 'Kabir Singh' };

function server(tier: 'tryme' | 'premium', answer: (request: RecordedRequest) => Response | undefined = () => undefined) {
  return fakeServer({
    user: buildSessionUser({ id: ME, profileId: 107, subscriptionTier: tier }),
    handle: (request) => {
      const custom = answer(request);
      if (custom) return custom;
      const path = request.url.pathname;
      if (path === '/api/profiles/search') return jsonResponse(200, profiles);
      if (path === `/api/kundali-compatibility/${ME}/21`) return jsonResponse(200, buildBasicResult({ score: 24 }));
      if (path === `/api/ai-kundali-compatibility/${ME}/21`) return jsonResponse(200, buildAiResult());
      return undefined;
    },
  });
}

/** Picks a member in "Profile to compare" by typing and clicking, then checks. */
async function check(userId: string) {
  const input = await screen.findByRole('combobox', { name: 'Profile to compare' });
  const button = screen.getByRole('button', { name: 'Check Compatibility' }) as HTMLButtonElement;
  assert.equal(button.disabled, true, 'disabled until a profile is chosen');
  fireEvent.focus(input);
  const options = await screen.findAllByRole('option', { name: new RegExp(NAMES[userId]) });
  const option = userId === '22' ? options.find((o) => /Toronto/.test(o.textContent ?? '')) : options[0];
  assert.ok(option);
  fireEvent.mouseDown(option);
  await waitFor(() => assert.equal(button.disabled, false));
  fireEvent.click(button);
}

test('the picker starts with matches and recently viewed, shows age, city and photo, and tells namesakes apart', async () => {
  renderApp('/compatibility', server('tryme'));
  const input = await screen.findByRole('combobox', { name: 'Profile to compare' });
  fireEvent.focus(input);
  const listbox = await screen.findByRole('listbox', { name: 'Profiles to compare' });
  await waitFor(() => assert.equal(within(listbox).getAllByRole('option').length, 3));
  const options = within(listbox).getAllByRole('option');
  assert.deepEqual(
    options.map((o) => o.textContent),
    [
      'Your matchesArjun Nair31 · London, United Kingdom',
      'Recently viewedKabir Singh34 · Toronto, Canada',
      'More membersKabir Singh28 · Leicester, United Kingdom',
    ],
    'never the member themself; groups in order',
  );
  assert.equal(options[0].querySelector('img')?.getAttribute('src'), '/media/photos/21_thumb.jpg');
  // Keyboard: the arrow keys move the highlight, Enter picks it.
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.keyDown(input, { key: 'Enter' });
  assert.equal(screen.queryByRole('listbox'), null);
  assert.ok(screen.getByText('28 · Leicester, United Kingdom'), 'the chosen member is shown');
  assert.equal((screen.getByRole('button', { name: 'Check Compatibility' }) as HTMLButtonElement).disabled, false);
});

test('typing asks the server for that name or city', async () => {
  const { fetchStub } = renderApp('/compatibility', server('tryme'));
  const input = await screen.findByRole('combobox', { name: 'Profile to compare' });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: 'toron' } });
  await waitFor(() => assert.ok(fetchStub.calls.some((c) => c.url.pathname === '/api/profiles/search' && c.url.searchParams.get('q') === 'toron'), 'the picker searched for "toron"'));
});

test('no profiles: "No profiles available"; a failed fetch toasts "Failed to fetch profiles" and lists nothing', async () => {
  renderApp('/compatibility', server('tryme', (r) => (r.url.pathname === '/api/profiles/search' ? jsonResponse(500, { message: 'Database unavailable' }) : undefined)));
  assert.ok(await screen.findByText('Failed to fetch profiles'));
  fireEvent.focus(await screen.findByRole('combobox', { name: 'Profile to compare' }));
  assert.ok(await screen.findByText('No profiles available'));
  assert.equal((screen.getByRole('button', { name: 'Check Compatibility' }) as HTMLButtonElement).disabled, true);
});

test('a member without a profile is asked to create one', async () => {
  renderApp('/compatibility', fakeServer({ user: buildSessionUser({ id: ME, profileId: null }) }));
  const link = await screen.findByRole('link', { name: 'Create Your Profile' });
  assert.equal(link.getAttribute('href'), '/create-profile');
  assert.equal(screen.queryByLabelText('Profile to compare'), null);
});

test('basic card: Ashtakoot bar colour by percentage, factors green at 2 or more, Manglik and horoscope texts', async () => {
  const { fetchStub } = renderApp('/compatibility', server('tryme'));
  await check('21');
  const card = await screen.findByRole('region', { name: 'Kundali Match' });
  assert.ok(within(card).getByText('67%'));
  const bar = within(card).getByRole('progressbar', { name: 'Ashtakoot score 24 of 36' });
  assert.equal(bar.getAttribute('data-tone'), 'success', '67% is green');
  const factors = within(card).getByRole('list', { name: 'Ashtakoot breakdown' });
  const tone = (name: string) => within(factors).getByText(name).closest('li')?.getAttribute('data-tone');
  assert.equal(tone('Varna'), 'low', '1 point is amber');
  assert.equal(tone('Tara'), 'low', '1.5 points is amber');
  assert.equal(tone('Vashya'), 'good', '2 points is green');
  assert.equal(tone('Gana'), 'low');
  assert.ok(within(factors).getByText('5 / 5'), 'each factor shows its maximum');
  assert.ok(within(card).getByText('Elements match'));
  assert.ok(within(card).getByText('Needs Consideration'));
  assert.match(card.textContent ?? '', /Arjun Nair's chart is Manglik and yours is not/);
  assert.ok(within(card).getByText('Favorable Match'));
  assert.ok(within(card).getByText(/Birth chart: Feb 14, 1995 at 6:30 AM, Kochi, India \(UTC\+05:30\)/));
  assert.ok(within(card).getByText('Moon sign from the rashi and nakshatra entered in the profile'));
  assert.ok(within(card).getByText(/Mars in house 1, 2, 4, 7, 8, 12 makes a chart Manglik/));

  // Tryme: the upsell instead of the AI analysis, which is never requested.
  const upsell = screen.getByRole('region', { name: 'Premium Feature' });
  assert.equal(within(upsell).getByRole('link', { name: 'Upgrade Now' }).getAttribute('href'), '/subscription');
  assert.equal(screen.queryByRole('tab', { name: 'AI-Powered Analysis' }), null);
  assert.equal(fetchStub.calls.filter((c) => c.url.pathname.startsWith('/api/ai-kundali-compatibility')).length, 0);
});

test('bar colours: yellow from 40%, red below', async () => {
  const { unmount } = renderApp('/compatibility', server('tryme', (r) => (r.url.pathname.startsWith('/api/kundali-compatibility/') ? jsonResponse(200, buildBasicResult({ score: 15 })) : undefined)));
  await check('21');
  assert.equal((await screen.findByRole('progressbar', { name: 'Ashtakoot score 15 of 36' })).getAttribute('data-tone'), 'warning');
  assert.ok(screen.getByText('Conditional Match'));
  unmount();
  cleanupApp();
  renderApp('/compatibility', server('tryme', (r) => (r.url.pathname.startsWith('/api/kundali-compatibility/') ? jsonResponse(200, buildBasicResult({ score: 10 })) : undefined)));
  await check('21');
  assert.equal((await screen.findByRole('progressbar', { name: 'Ashtakoot score 10 of 36' })).getAttribute('data-tone'), 'danger');
});

test('error cards: 422 asks for complete astrological information; other failures say the fetch failed', async () => {
  renderApp('/compatibility', server('tryme', (r) => (r.url.pathname === `/api/kundali-compatibility/${ME}/22` ? jsonResponse(422, { message: 'Please make sure both profiles have complete astrological information.' }) : r.url.pathname === `/api/kundali-compatibility/${ME}/21` ? jsonResponse(500, { message: 'Something broke' }) : undefined)));
  await check('22');
  const incomplete = await screen.findByRole('alert');
  assert.ok(within(incomplete).getByText('Could Not Calculate Compatibility'));
  assert.ok(within(incomplete).getByText('Please make sure both profiles have complete astrological information.'));

  await checkAgain('21');
  assert.ok(await screen.findByText('Failed to fetch Kundali compatibility data'));
});

test('premium: Basic and AI tabs; the AI card shows the combined percentage, metrics and generator', async () => {
  renderApp('/compatibility', server('premium'));
  await check('21');
  assert.ok(await screen.findByRole('tab', { name: 'Basic Analysis' }));
  const aiTab = screen.getByRole('tab', { name: 'AI-Powered Analysis' });
  fireEvent.mouseDown(aiTab);
  fireEvent.click(aiTab);
  const card = await screen.findByRole('region', { name: 'AI-Powered Analysis' });
  assert.ok(within(card).getByText('74%'), 'round((67 + 80) / 2) = 74');
  assert.ok(within(card).getByText('Strengths'));
  assert.match(card.textContent ?? '', /Generated Mar 1, 2026.*astrology rules engine/);
  const metrics = within(card).getByRole('tab', { name: 'Advanced Metrics' });
  fireEvent.mouseDown(metrics);
  fireEvent.click(metrics);
  await within(card).findByText('Planetary Harmony');
  const badge = (title: string) => within(card).getByText(title).closest('.ai-metric')?.querySelector('.metric-badge');
  assert.equal(badge('Planetary Harmony')?.getAttribute('data-highlighted'), 'true', '71 is above 70');
  assert.equal(badge('Dasha Periods')?.getAttribute('data-highlighted'), 'false', '70 is not above 70');
});

test('premium: a 403 on the AI analysis toasts "Subscription Required" with the server message', async () => {
  renderApp('/compatibility', server('premium', (r) => (r.url.pathname.startsWith('/api/ai-kundali-compatibility/') ? jsonResponse(403, { message: 'This feature requires a Premium or Elite subscription', upgradeRequired: true }) : undefined)));
  await check('21');
  assert.ok(await screen.findByText('Subscription Required'));
  assert.ok(screen.getAllByText('This feature requires a Premium or Elite subscription').length > 0);
});

test('?userId= preselects that member', async () => {
  renderApp('/compatibility?userId=22', server('tryme'));
  assert.ok(await screen.findByText('34 · Toronto, Canada'));
  assert.equal((screen.getByRole('button', { name: 'Check Compatibility' }) as HTMLButtonElement).disabled, false);
});

async function checkAgain(userId: string) {
  const input = screen.getByRole('combobox', { name: 'Profile to compare' });
  fireEvent.focus(input);
  fireEvent.mouseDown((await screen.findAllByRole('option', { name: new RegExp(NAMES[userId]) }))[0]);
  fireEvent.click(screen.getByRole('button', { name: 'Check Compatibility' }));
}

const chart = {
  reference: 'ascendant',
  inputs: buildBasicResult().inputsUsed.profile1,
  houses: Array.from({ length: 12 }, (_, i) => ({
    house: i + 1,
    rashi: (4 + i) % 12,
    rashiName: ['Mesha', 'Vrishabha', 'Mithuna', 'Karka', 'Simha', 'Kanya', 'Tula', 'Vrishchika', 'Dhanu', 'Makara', 'Kumbha', 'Meena'][(4 + i) % 12],
    grahas: i === 0 ? [{ name: 'Sun', abbr: 'Su', degree: 12 }, { name: 'Mars', abbr: 'Ma', degree: 3 }] : i === 3 ? [{ name: 'Moon', abbr: 'Mo', degree: 21 }] : [],
  })),
};

test('the birth chart: North Indian diamond or South Indian square (remembered), an SVG with a text alternative', async () => {
  window.localStorage.removeItem('kundaliChartStyle');
  renderApp('/compatibility', server('tryme', (r) => (r.url.pathname === `/api/kundali/chart/${ME}` ? jsonResponse(200, chart) : undefined)));
  const north = await screen.findByRole('img', { name: /^North Indian rashi chart/ });
  assert.equal(north.tagName.toLowerCase(), 'svg');
  assert.match(north.querySelector('desc')?.textContent ?? '', /House 1, Simha \(ascendant\): Sun 12°, Mars 3°/);
  assert.ok(screen.getByText('House 4, Vrishchika: Moon 21°'), 'the same chart as a list');
  fireEvent.click(screen.getByRole('radio', { name: 'South Indian' }));
  const south = await screen.findByRole('img', { name: /^South Indian rashi chart/ });
  assert.ok(within(south as unknown as HTMLElement).getByText('Simha'), 'signs stay in their squares');
  assert.equal(window.localStorage.getItem('kundaliChartStyle'), 'south');
});

test('each koota shows its rule and table, with the cell read; exceptions are named by rule', async () => {
  const withDetails = buildBasicResult({ score: 24 });
  const explained = {
    ...withDetails,
    kootas: [
      {
        key: 'nadi', name: 'Nadi', points: 0, max: 8,
        rule: 'Nadi (8 points): each nakshatra belongs to one of three nadis; the same nadi scores 0.',
        yours: 'Krittika is Antya (Kapha), Rohini is Antya (Kapha).',
        table: { caption: 'Nakshatras by nadi', columns: ['Nakshatras'], rows: [{ label: 'Antya (Kapha)', cells: ['Krittika, Rohini'] }], highlight: null },
      },
      {
        key: 'grahaMaitri', name: 'Graha Maitri', points: 5, max: 5,
        rule: "Graha Maitri (5 points): the friendship of the two Moon signs' lords.",
        yours: 'Vrishabha is ruled by Venus, Tula by Venus: 5 points.',
        table: { caption: 'Graha Maitri points', columns: ['Venus', 'Saturn'], rows: [{ label: 'Venus', cells: ['5', '5'] }, { label: 'Saturn', cells: ['5', '5'] }], highlight: { row: 0, col: 0 } },
      },
    ],
    exceptions: [{ dosha: 'Nadi', rule: 'Same Moon sign, different nakshatras', detail: 'Both Moons are in Vrishabha but in Krittika and Rohini.' }],
  };
  renderApp('/compatibility', server('tryme', (r) => (r.url.pathname.startsWith('/api/kundali-compatibility/') ? jsonResponse(200, explained) : undefined)));
  await check('21');
  const card = await screen.findByRole('region', { name: 'Kundali Match' });
  assert.ok(within(card).getByText(/the same nadi scores 0/));
  assert.ok(within(card).getByText('Krittika is Antya (Kapha), Rohini is Antya (Kapha).'));
  const read = within(card).getByText('(your pair)').closest('td');
  assert.equal(read?.getAttribute('aria-current'), 'true');
  assert.ok(within(card).getByText(/Nadi dosha cancelled — Same Moon sign, different nakshatras/));
});

test("in helper mode the Kundali page is the candidate's: his chart, his matches and his plan, asked for as him", async () => {
  // Vikram (no profile of his own) helps his son, account 50 with profile 40, on Premium.
  const vikram = buildSessionUser({ id: 9, fullName: 'Vikram Nair', profileId: null, subscriptionTier: 'tryme' });
  const acting = (request: RecordedRequest) => request.headers.get('X-Saathi-Acting-For') === '40';
  const { fetchStub } = renderApp(
    '/compatibility',
    fakeServer({
      user: vikram,
      handle: (request) => {
        const path = request.url.pathname;
        if (path === '/api/family') {
          const may = { edit: true, search: true, like: true, suggest: true, shortlist: true, message: false, share: true };
          return jsonResponse(200, [{ profileId: 40, candidateUserId: 50, candidateTier: 'premium', candidateName: 'Rohan', relation: 'father', consent: 'confirmed', mayShare: true, may }]);
        }
        if (/kundali|profiles\/search/.test(path) && !acting(request)) return jsonResponse(403, { message: 'not for the helper himself' });
        if (path === '/api/profiles/search') return jsonResponse(200, profiles);
        if (path === '/api/kundali-compatibility/50/21') return jsonResponse(200, buildBasicResult({ score: 24 }));
        if (path === '/api/ai-kundali-compatibility/50/21') return jsonResponse(200, buildAiResult());
        return undefined;
      },
    }),
  );
  await screen.findByRole('combobox', { name: 'Profile to compare' }, { timeout: 20_000 });
  await check('21');
  const card = await screen.findByRole('region', { name: 'Kundali Match' });
  assert.ok(within(card).getByRole('progressbar', { name: 'Ashtakoot score 24 of 36' }));
  assert.ok(within(card).getByText('Rohan & Arjun Nair'));
  assert.equal(screen.queryByRole('link', { name: 'Create Your Profile' }), null, 'never asked to make a profile of his own');
  // His son's Premium plan opens the AI analysis, though his own account is on the free plan.
  assert.ok(screen.getByRole('tab', { name: 'AI-Powered Analysis' }));
  const kundali = fetchStub.calls.filter((c) => /kundali/.test(c.url.pathname));
  assert.ok(kundali.some((c) => c.url.pathname === '/api/kundali/chart/50'), "his son's chart");
  assert.ok(kundali.every((c) => acting(c) && !c.url.pathname.includes('/9')), 'every read acts for his son, none as Vikram');
});
