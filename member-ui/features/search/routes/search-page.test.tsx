import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import assert from 'node:assert/strict';
import path from 'node:path';
import { afterEach, test } from 'node:test';
import type { ProfileCardView } from '../../../../contracts/views';
import { buildProfileCard } from '../../../test/build-profile-card';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse, type RecordedRequest } from '../../../test/fetch-stub';
import { startUpInputs } from '../../../test/start-up-inputs';
import { filterPanelOpenAtom } from '../components/search-state';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(() => {
  cleanupApp();
  // Whether the filter panel is open is an app-wide atom; each test starts with it closed.
  getDefaultStore().set(filterPanelOpenAtom, false);
});

function page(results: ProfileCardView[], nextCursor?: string, total = results.length): Response {
  const response = jsonResponse(200, results);
  if (nextCursor) response.headers.set('X-Next-Cursor', nextCursor);
  response.headers.set('X-Total-Count', String(total));
  return response;
}

function searchServer(answer: (request: RecordedRequest) => Response, tier: 'tryme' | 'premium' = 'premium') {
  return fakeServer({
    user: buildSessionUser({ subscriptionTier: tier }),
    handle: (request) => (request.url.pathname === '/api/search' ? answer(request) : undefined),
  });
}

async function typeQuery(text: string) {
  fireEvent.change(await screen.findByPlaceholderText('Search by name, location, etc.'), { target: { value: text } });
}

test('an empty search shows the member\'s best matches at once, with the total', async () => {
  const best = [buildProfileCard({ fullName: 'Asha Rao', matchPercentage: 96 }), buildProfileCard({ fullName: 'Meera Iyer', matchPercentage: 93 })];
  const { fetchStub } = renderApp('/search', searchServer(() => page(best, 'cursor-2', 2345)));
  assert.ok(await screen.findByRole('heading', { name: 'Your best matches' }));
  assert.ok(await screen.findByText('Asha Rao'));
  assert.ok(screen.getByText('96% Match'));
  assert.ok(screen.getByText('2,345 members, best match first'));
  assert.equal(screen.queryByText('Start your search'), null);
  const [call] = fetchStub.callsTo('GET', '/api/search');
  assert.deepEqual(Object.fromEntries(call?.url.searchParams ?? []), { limit: '20' }, 'no filter is sent: the server ranks every eligible member');
  assert.ok(screen.getByRole('button', { name: 'Load More Results' }));
});

test("the first result's photo, the screen's largest paint, is fetched at once and first; the others when scrolled near", async () => {
  const results = [
    buildProfileCard({ fullName: 'Asha Rao', photos: ['/media/photos/asha_thumb.jpg'] }),
    buildProfileCard({ fullName: 'Meera Iyer', photos: ['/media/photos/meera_thumb.jpg'] }),
  ];
  renderApp('/search', searchServer(() => page(results)));
  const first = await screen.findByRole('img', { name: 'Asha Rao' });
  assert.equal(first.getAttribute('loading'), 'eager');
  assert.equal(first.getAttribute('fetchpriority'), 'high');
  const second = screen.getByRole('img', { name: 'Meera Iyer' });
  assert.equal(second.getAttribute('loading'), 'lazy');
  assert.equal(second.getAttribute('fetchpriority'), null);
});

test('a query searches; "Load More Results" appends the next page using X-Next-Cursor', async () => {
  const first = Array.from({ length: 20 }, (_, i) => buildProfileCard({ fullName: `Toronto Member ${i + 1}` }));
  const second = [buildProfileCard({ fullName: 'Toronto Member 21' }), buildProfileCard({ fullName: 'Toronto Member 22' })];
  const { fetchStub } = renderApp(
    '/search',
    searchServer((request) => {
      if (request.url.searchParams.get('query') !== 'Toronto') return page([]);
      return request.url.searchParams.get('cursor') === 'cursor-2' ? page(second, undefined, 22) : page(first, 'cursor-2', 22);
    }),
  );
  await typeQuery('Toronto');
  assert.ok(await screen.findByText('Toronto Member 20'));
  assert.ok(screen.getByRole('heading', { name: 'Results' }));
  const toronto = () => fetchStub.callsTo('GET', '/api/search').filter((call) => call.url.searchParams.get('query') === 'Toronto');
  const [firstCall] = toronto();
  assert.equal(firstCall?.url.searchParams.get('cursor'), null);
  assert.equal(firstCall?.url.searchParams.get('minAge'), null, 'the age range is sent only once filters are applied');

  fireEvent.click(screen.getByRole('button', { name: 'Load More Results' }));
  assert.ok(await screen.findByText('Toronto Member 22'));
  const calls = toronto();
  assert.equal(calls.length, 2);
  assert.equal(calls[1]?.url.searchParams.get('cursor'), 'cursor-2');
  assert.ok(screen.getByText('Toronto Member 1'), 'the first page stays');
  assert.equal(screen.getAllByRole('link', { name: /^View Profile of/ }).length, 22);
  assert.equal(screen.queryByRole('button', { name: 'Load More Results' }), null, 'no next cursor: no button');
});

test('a result card shows type, profession, place, match and a mood badge from 75', async () => {
  renderApp(
    '/search',
    searchServer(() =>
      page([
        { ...buildProfileCard({ id: 41, fullName: 'Neha Joshi', age: 29, profileType: 'parent', matchPercentage: 91 }), moodScore: 88 } as ProfileCardView,
        { ...buildProfileCard({ id: 42, fullName: 'Riya Das', matchPercentage: 65 }), moodScore: 70 } as ProfileCardView,
      ]),
    ),
  );
  await typeQuery('Neha');
  const card = (await screen.findByRole('heading', { name: /Neha Joshi/ })).closest('li');
  assert.ok(card);
  const neha = within(card);
  assert.ok(neha.getByText(', 29'));
  assert.ok(neha.getByText('Family'));
  assert.ok(neha.getByText('Software Engineer'));
  assert.ok(neha.getByText('Toronto, Canada'));
  assert.ok(neha.getByText('91% Match'));
  assert.ok(neha.getByText('Perfect Mood Match'));
  assert.equal(neha.getByRole('link', { name: 'View Profile of Neha Joshi' }).getAttribute('href'), '/profile/41');
  const riya = within(screen.getByRole('heading', { name: /Riya Das/ }).closest('li') as HTMLElement);
  assert.equal(riya.queryByText(/Mood/), null, 'below 75 the results list shows no mood badge');
});

test('applied filters narrow by age, location, background and every premium filter', async () => {
  const { fetchStub } = renderApp('/search', searchServer(() => page([])));
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  // The panel's code is fetched when it is first opened.
  assert.ok(await screen.findByText('25 yrs – 35 yrs'));
  fireEvent.click(screen.getByRole('button', { name: '+ Add Location' }));
  fireEvent.change(await screen.findByPlaceholderText('Search countries...'), { target: { value: 'zzz' } });
  assert.ok(screen.getByText('No countries found'));
  fireEvent.change(screen.getByPlaceholderText('Search countries...'), { target: { value: 'cana' } });
  fireEvent.click(screen.getByRole('button', { name: 'Canada' }));
  assert.ok(await screen.findByRole('button', { name: 'Remove Canada' }));
  // Keyboard: Enter picks the highlighted option (the first match, moved with the arrow keys).
  fireEvent.click(screen.getByRole('button', { name: '+ Add Location' }));
  const countrySearch = await screen.findByPlaceholderText('Search countries...');
  fireEvent.change(countrySearch, { target: { value: 'united' } });
  fireEvent.keyDown(countrySearch, { key: 'ArrowDown' });
  fireEvent.keyDown(countrySearch, { key: 'Enter' });
  assert.ok(await screen.findByRole('button', { name: 'Remove United Kingdom' }));
  fireEvent.click(screen.getByRole('button', { name: '+ Add Location' }));
  const again = await screen.findByPlaceholderText('Search countries...');
  fireEvent.change(again, { target: { value: 'hong' } });
  fireEvent.keyDown(again, { key: 'Enter' });
  assert.ok(await screen.findByRole('button', { name: 'Remove Hong Kong SAR China' }), 'territories are offered too');

  // Background (free for everyone): a closed section until opened, then chips in human words.
  assert.equal(screen.queryByRole('group', { name: 'Religion' }), null, 'the section starts closed');
  fireEvent.click(screen.getByRole('button', { name: /Background/ }));
  const pick = (group: string, chip: string) =>
    fireEvent.click(within(screen.getByRole('group', { name: group })).getByRole('button', { name: chip }));
  pick('Religion', 'Sikh');
  pick('Religion', 'Hindu');
  pick('Mother Tongue', 'Punjabi');
  pick('Marital Status', 'Never married');
  pick('Marital Status', 'Awaiting divorce');
  pick('Marital Status', 'Awaiting divorce');
  assert.ok(screen.getByText('4 selected'));

  // Premium filters.
  fireEvent.click(screen.getByRole('button', { name: /Premium filters/ }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Profile Type' })).getByRole('radio', { name: 'Family' }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Verified' })).getByRole('radio', { name: 'Verified' }));
  fireEvent.click(screen.getByRole('switch', { name: 'With a photo only' }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Recently Active' })).getByRole('radio', { name: '7 days' }));
  pick('Education', "Master's");
  pick('Diet', 'Non-vegetarian');
  pick('Diet', 'Vegetarian');
  pick('Return to India', 'Considering returning');
  fireEvent.click(screen.getByRole('switch', { name: 'Kundali guna minimum' }));
  assert.ok(screen.getByText('Ashtakoot at least 18 of 36'));
  fireEvent.keyDown(screen.getByRole('slider', { name: 'Minimum guna score' }), { key: 'ArrowRight' });
  assert.ok(screen.getByText('Ashtakoot at least 19 of 36'));
  assert.equal(
    fetchStub.callsTo('GET', '/api/search').filter((call) => call.url.searchParams.has('minAge')).length,
    0,
    'nothing is sent before Apply Filters',
  );
  fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));

  assert.ok(await screen.findByText('No profiles match your search criteria.'));
  assert.ok(screen.getByText('Try adjusting your filters to see more results.'));
  const call = fetchStub.callsTo('GET', '/api/search').find((c) => c.url.searchParams.has('minAge'));
  assert.ok(call);
  assert.deepEqual(Object.fromEntries(call.url.searchParams), {
    minAge: '25',
    maxAge: '35',
    locations: 'Canada,United Kingdom,Hong Kong SAR China',
    religions: 'Hindu,Sikh',
    motherTongues: 'Punjabi',
    maritalStatuses: 'never_married',
    educations: "Master's",
    diets: 'vegetarian,non_vegetarian',
    returnPlans: 'considering',
    profileType: 'parent',
    isVerified: 'true',
    hasPhoto: 'true',
    activeWithinDays: '7',
    minGuna: '19',
    limit: '20',
  });
  assert.ok(screen.getByRole('button', { name: 'Filters (13 active)' }));
});

test('tryme members may use the background filters; the premium ones are shown locked with an upgrade link', async () => {
  const { fetchStub } = renderApp('/search', searchServer(() => page([]), 'tryme'));
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  // The premium section is open for tryme, so the member sees what Premium adds.
  assert.ok(await screen.findByText(/guna score and rashi are Premium filters/));
  const familyChoice = within(screen.getByRole('group', { name: 'Profile Type' })).getByRole('radio', { name: 'Family' });
  assert.equal((familyChoice as HTMLButtonElement).disabled, true);
  const vegan = within(screen.getByRole('group', { name: 'Diet' })).getByRole('button', { name: 'Vegan' });
  assert.equal((vegan as HTMLButtonElement).disabled, true);
  assert.equal((screen.getByRole('switch', { name: 'Kundali guna minimum' }) as HTMLButtonElement).disabled, true);
  const upgrade = screen.getByRole('link', { name: 'Upgrade to unlock' });
  assert.equal(upgrade.getAttribute('href'), '/subscription');

  fireEvent.click(screen.getByRole('button', { name: /Background/ }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Religion' })).getByRole('button', { name: 'Jain' }));
  fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
  await waitFor(() => assert.ok(fetchStub.callsTo('GET', '/api/search').some((c) => c.url.searchParams.get('religions') === 'Jain')));
  const sent = fetchStub.callsTo('GET', '/api/search').find((c) => c.url.searchParams.has('religions'));
  assert.deepEqual(Object.fromEntries(sent?.url.searchParams ?? []), { minAge: '25', maxAge: '35', religions: 'Jain', limit: '20' });
});

test('a refused cursor (409: the member\'s profile changed) starts the search again from page 1, quietly', async () => {
  let profileChanged = false;
  const { fetchStub } = renderApp(
    '/search',
    searchServer((request) => {
      if (request.url.searchParams.get('cursor') === 'cursor-2' && profileChanged) {
        return jsonResponse(409, { message: 'Your profile changed since this search began: start the search again.' });
      }
      return profileChanged
        ? page([buildProfileCard({ fullName: 'Fresh First' })], 'cursor-3', 40)
        : page([buildProfileCard({ fullName: 'Old First' })], 'cursor-2', 41);
    }),
  );
  assert.ok(await screen.findByText('Old First'));
  assert.ok(screen.getByText('41 members, best match first'));
  profileChanged = true;
  fireEvent.click(screen.getByRole('button', { name: 'Load More Results' }));
  assert.ok(await screen.findByText('Fresh First'));
  assert.ok(screen.getByText('40 members, best match first'));
  assert.equal(screen.queryByText('Old First'), null, 'the old pages are dropped');
  assert.equal(screen.queryByText(/Your profile changed/), null, 'no error is shown');
  assert.equal(screen.queryByRole('alert'), null);
  const calls = fetchStub.callsTo('GET', '/api/search');
  assert.deepEqual(calls.map((c) => c.url.searchParams.get('cursor')), [null, 'cursor-2', null]);
});

test('a cursor from another search (400) also restarts at page 1', async () => {
  let served = 0;
  renderApp(
    '/search',
    searchServer((request) => {
      if (request.url.searchParams.get('cursor')) return jsonResponse(400, { message: 'This cursor is malformed: start the search again.' });
      served += 1;
      return page([buildProfileCard({ fullName: `First page ${served}` })], 'bad-cursor', 5);
    }),
  );
  assert.ok(await screen.findByText('First page 1'));
  fireEvent.click(screen.getByRole('button', { name: 'Load More Results' }));
  assert.ok(await screen.findByText('First page 2'));
  assert.equal(screen.queryByText(/malformed/), null);
});

test('a guna minimum the member\'s own birth details cannot support shows the server\'s message', async () => {
  const message = 'Add your date, time and place of birth to your profile to filter by guna score.';
  renderApp(
    '/search',
    searchServer((request) => (request.url.searchParams.has('minGuna') ? jsonResponse(422, { message }) : page([]))),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  fireEvent.click(await screen.findByRole('button', { name: /Premium filters/ }));
  fireEvent.click(screen.getByRole('switch', { name: 'Kundali guna minimum' }));
  fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
  assert.ok(await screen.findByText(message));
});

test('"Not interested" on a result takes it off the list at once; Undo in the toast brings it back', async () => {
  const marked = new Set<number>();
  const cards = [buildProfileCard({ id: 51, fullName: 'Kavya Nair' }), buildProfileCard({ id: 52, fullName: 'Isha Patel' })];
  renderApp(
    '/search',
    fakeServer({
      user: buildSessionUser({ subscriptionTier: 'premium' }),
      handle: (request) => {
        const path = request.url.pathname;
        if (path === '/api/search') {
          const shown = cards.filter((c) => !marked.has(c.id));
          return page(shown, undefined, shown.length);
        }
        if (path === '/api/not-interested' && request.method === 'POST') {
          marked.add((JSON.parse(request.body) as { profileId: number }).profileId);
          return jsonResponse(201, { profileId: 51, notInterested: true });
        }
        const undo = /^\/api\/not-interested\/(\d+)$/.exec(path);
        if (undo && request.method === 'DELETE') {
          marked.delete(Number(undo[1]));
          return new Response(null, { status: 204 });
        }
        return undefined;
      },
    }),
  );
  assert.ok(await screen.findByText('Kavya Nair'));
  assert.ok(screen.getByText('2 members, best match first'));
  fireEvent.click(screen.getByRole('button', { name: 'Not interested in Kavya Nair' }));
  // A boolean, so a failing try does not print the whole DOM.
  await waitFor(() => assert.ok(!screen.queryByText('Kavya Nair'), 'Kavya Nair is still listed'));
  assert.ok(screen.getByText('Isha Patel'));
  assert.ok(screen.getByText('1 member, best match first'));
  assert.ok(await screen.findByText('Kavya Nair is set aside'));
  fireEvent.click(screen.getByRole('button', { name: /^Undo/ }));
  assert.ok(await screen.findByText('Kavya Nair'));
  assert.ok(await screen.findByText('2 members, best match first'));
  assert.equal(marked.size, 0);
});

test('mood match adds matchMood=true with the minimum chosen by plus and minus', async () => {
  const { fetchStub } = renderApp('/search', searchServer(() => page([])));
  fireEvent.click(await screen.findByRole('button', { name: 'More Options' }));
  fireEvent.click(screen.getByRole('switch', { name: 'Match by mood' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Increase minimum mood compatibility' }));
  assert.ok(await screen.findByText('75%'));
  await waitFor(() => {
    const calls = fetchStub.callsTo('GET', '/api/search');
    const last = calls[calls.length - 1];
    assert.equal(last?.url.searchParams.get('matchMood'), 'true');
    assert.equal(last?.url.searchParams.get('minMoodScore'), '75');
  });
  assert.ok(screen.getByRole('button', { name: 'Hide Options' }));
});

test('the mood prompt stays hidden while the endpoint answers 404, and shows when asked', async () => {
  renderApp('/search', searchServer(() => page([])));
  await screen.findByRole('heading', { name: 'Search' });
  await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal(screen.queryByText('How are you feeling today?'), null);
  cleanupApp();

  renderApp(
    '/search',
    fakeServer({
      user: buildSessionUser(),
      handle: (request) =>
        request.url.pathname === '/api/moods/should-prompt' ? jsonResponse(200, { shouldPrompt: true }) : undefined,
    }),
  );
  assert.ok(await screen.findByText('How are you feeling today?'));
  const share = screen.getByRole('button', { name: 'Share' }) as HTMLButtonElement;
  assert.equal(share.disabled, true);
  fireEvent.change(screen.getByLabelText('Describe your mood'), { target: { value: 'Hopeful today' } });
  assert.equal(share.disabled, false);
});

test("the search screen's code holds no filter panel: it is fetched when the Filters button is wanted", async () => {
  const { startUp, apart } = await startUpInputs(path.join(import.meta.dirname, 'search-page.tsx'));
  const panelCode = (input: string) => /@radix-ui\/react-(popover|popper)\/|@floating-ui\/|filter-panel|location-picker/.test(input);
  assert.deepEqual(startUp.filter(panelCode), []);
  assert.ok(apart.some((input) => input.includes('filter-panel')));
});

test('the search is its address: a link opens the same text, filters and mood match; bad values are dropped or clamped', async () => {
  const { fetchStub } = renderApp(
    '/search?query=Toronto&minAge=28&maxAge=40&religions=Hindu,Nonsense&diets=vegan&matchMood=true&minMoodScore=80',
    searchServer(() => page([buildProfileCard({ fullName: 'Linked Result' })])),
  );
  assert.ok(await screen.findByText('Linked Result'));
  assert.equal((screen.getByRole('searchbox', { name: 'Search profiles' }) as HTMLInputElement).value, 'Toronto');
  const [call] = fetchStub.callsTo('GET', '/api/search');
  assert.deepEqual(Object.fromEntries(call?.url.searchParams ?? []), {
    query: 'Toronto',
    minAge: '28',
    maxAge: '40',
    religions: 'Hindu',
    diets: 'vegan',
    matchMood: 'true',
    minMoodScore: '80',
    limit: '20',
  });
  assert.ok(screen.getByRole('button', { name: 'Filters (3 active)' }));
  cleanupApp();

  const bad = renderApp('/search?minAge=abc&maxAge=500&minGuna=99&activeWithinDays=3&profileType=zzz&minMoodScore=7&matchMood=maybe&query=', searchServer(() => page([])));
  assert.ok(await screen.findByText('No profiles match your search criteria.'));
  const [badCall] = bad.fetchStub.callsTo('GET', '/api/search');
  assert.deepEqual(Object.fromEntries(badCall?.url.searchParams ?? []), { minAge: '25', maxAge: '70', minGuna: '36', limit: '20' });
});

test('typing, applying filters and Back: each step is in the address, and Back shows the search before it', async () => {
  const { fetchStub, router } = renderApp('/search', searchServer((request) => page([buildProfileCard({ fullName: `Result for ${request.url.searchParams.get('query') ?? 'none'}` })])));
  await typeQuery('Pune');
  assert.ok(await screen.findByText('Result for Pune'));
  await waitFor(() => assert.equal(router.state.location.href, '/search?query=Pune'));
  fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Apply Filters' }));
  await waitFor(() => assert.equal(router.state.location.href, '/search?query=Pune&minAge=25&maxAge=35'));
  await waitFor(() => assert.ok(fetchStub.callsTo('GET', '/api/search').some((c) => c.url.searchParams.get('minAge') === '25')));

  router.history.back();
  await waitFor(() => assert.equal(router.state.location.href, '/search?query=Pune'));
  assert.equal(screen.getByRole('button', { name: 'Filters' }).getAttribute('aria-label'), 'Filters');
  assert.equal((screen.getByRole('searchbox', { name: 'Search profiles' }) as HTMLInputElement).value, 'Pune');
});

test("the filter panel's age window starts at the member's own preference", async () => {
  renderApp(
    '/search',
    fakeServer({
      user: buildSessionUser({ id: 7, subscriptionTier: 'premium' }),
      handle: (request) => {
        if (request.url.pathname === '/api/search') return page([]);
        if (request.url.pathname === '/api/profiles/user/7') return jsonResponse(200, { id: 70, userId: 7, agePreferenceMin: 29, agePreferenceMax: 33 });
        return undefined;
      },
    }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  assert.ok(await screen.findByText('29 yrs – 33 yrs'));
});

test("in helper mode the filter panel's age window starts at the candidate's preference, not the helper's", async () => {
  renderApp(
    '/search',
    fakeServer({
      // The father's own preferences (50–60) are not Arjun's.
      user: buildSessionUser({ id: 9, profileId: null, subscriptionTier: 'premium' }),
      handle: (request) => {
        if (request.url.pathname === '/api/family') {
          return jsonResponse(200, [{ profileId: 40, candidateUserId: 21, candidateTier: 'premium', candidateName: 'Arjun', relation: 'father', consent: 'confirmed', mayShare: true, may: { edit: true, search: true, like: true, suggest: true, message: false, share: true } }]);
        }
        if (request.url.pathname === '/api/search') return page([]);
        if (request.url.pathname === '/api/profiles/user/9') return jsonResponse(200, { id: 90, userId: 9, agePreferenceMin: 50, agePreferenceMax: 60 });
        if (request.url.pathname === '/api/profiles/user/21') return jsonResponse(200, { id: 40, userId: 21, agePreferenceMin: 26, agePreferenceMax: 31 });
        return undefined;
      },
    }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  assert.ok(await screen.findByText('26 yrs – 31 yrs'));
});

test('a tryme member opening a link with premium filters searches without them', async () => {
  const { fetchStub } = renderApp('/search?religions=Sikh&diets=vegan&isVerified=true&matchMood=true', searchServer(() => page([]), 'tryme'));
  assert.ok(await screen.findByText('No profiles match your search criteria.'));
  const [call] = fetchStub.callsTo('GET', '/api/search');
  assert.deepEqual(Object.fromEntries(call?.url.searchParams ?? []), { minAge: '25', maxAge: '35', religions: 'Sikh', limit: '20' });
});

test('a text hit says why it matched: the snippet and the name carry the matched words in <mark>', async () => {
  const hit = { ...buildProfileCard({ id: 45, fullName: 'Vikram Rao', profession: 'Software Engineer', city: 'Zürich', country: 'Switzerland' }), snippet: 'Software Engineer · Zürich, Switzerland', matchedTerms: ['engin', 'zurich'] } as ProfileCardView;
  renderApp('/search?query=engin%20zurich', searchServer(() => page([hit])));
  const card = (await screen.findByRole('heading', { name: /Vikram Rao/ })).closest('li') as HTMLElement;
  assert.deepEqual(Array.from(card.querySelectorAll('mark'), (m) => m.textContent), ['Engineer', 'Zürich']);
  assert.ok(within(card).getByLabelText('Matched your search:'));
  // The matched fields are written once: in the snippet, not again on their own lines.
  assert.equal(within(card).getAllByText(/Engineer/).length, 1);
});

test("in helper mode the search is the candidate's: asked for as them, under their plan", async () => {
  const helped = (candidateTier: 'tryme' | 'premium') => [
    { profileId: 40, candidateUserId: 21, candidateTier, candidateName: 'Arjun', relation: 'father', consent: 'confirmed', mayShare: true, may: { edit: true, search: true, like: true, suggest: true, message: false, share: true } },
  ];
  const helperServer = (candidateTier: 'tryme' | 'premium') =>
    fakeServer({
      // The father's own account is on the free plan; Arjun's plan decides.
      user: buildSessionUser({ id: 9, profileId: null, subscriptionTier: 'tryme' }),
      handle: (request) => {
        if (request.url.pathname === '/api/family') return jsonResponse(200, helped(candidateTier));
        if (request.url.pathname === '/api/search') return page(request.headers.get('X-Saathi-Acting-For') === '40' ? [buildProfileCard({ fullName: 'Priya Raman' })] : []);
        return undefined;
      },
    });
  renderApp('/search', helperServer('premium'));
  assert.ok(await screen.findByText('Priya Raman'));
  assert.equal(screen.queryByRole('button', { name: /Not interested/ }), null, "setting aside stays Arjun's own");
  fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
  fireEvent.click(await screen.findByRole('button', { name: /Premium filters/ }));
  const familyChoice = within(await screen.findByRole('group', { name: 'Profile Type' })).getByRole('radio', { name: 'Family' });
  assert.equal((familyChoice as HTMLButtonElement).disabled, false, "Arjun's premium plan unlocks the filters");
  assert.equal(screen.queryByRole('link', { name: 'Upgrade to unlock' }), null);
  cleanupApp();
  getDefaultStore().set(filterPanelOpenAtom, false);
  renderApp('/search', helperServer('tryme'));
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  assert.ok(await screen.findByRole('link', { name: 'Upgrade to unlock' }));
});

test('sort, distance, height and rashi are in the address: a link opens them, the sort control changes the order', async () => {
  const { fetchStub, router } = renderApp(
    '/search?sort=newest&near=Greater%20Toronto&withinKm=25&minHeightCm=165&maxHeightCm=180&rashis=Mesha,Nonsense',
    searchServer(() => page([buildProfileCard({ fullName: 'Near Result', rashi: 'Mesha' })])),
  );
  assert.ok(await screen.findByText('Near Result'));
  assert.ok(screen.getByText('Mesha rashi'), 'the card shows the rashi');
  const [call] = fetchStub.callsTo('GET', '/api/search');
  assert.deepEqual(Object.fromEntries(call?.url.searchParams ?? []), {
    sort: 'newest',
    minAge: '25',
    maxAge: '35',
    rashis: 'Mesha',
    minHeightCm: '165',
    maxHeightCm: '180',
    near: 'Greater Toronto',
    withinKm: '25',
    limit: '20',
  });
  assert.ok(screen.getByText(/newest profiles first/));
  const sort = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement;
  assert.equal(sort.value, 'newest');
  fireEvent.change(sort, { target: { value: 'active' } });
  await waitFor(() => assert.ok(router.state.location.href.includes('sort=active')));
  await waitFor(() => assert.ok(fetchStub.callsTo('GET', '/api/search').some((c) => c.url.searchParams.get('sort') === 'active')));
  fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), { target: { value: 'best' } });
  await waitFor(() => assert.ok(!router.state.location.href.includes('sort=')));
});

test("the filter panel starts from the member's preferred religions and mother tongues, and applies a place and heights", async () => {
  const { router } = renderApp(
    '/search',
    fakeServer({
      user: buildSessionUser({ id: 7, subscriptionTier: 'premium' }),
      handle: (request) => {
        if (request.url.pathname === '/api/search') return page([]);
        if (request.url.pathname === '/api/profiles/user/7') {
          return jsonResponse(200, { id: 70, userId: 7, agePreferenceMin: 27, agePreferenceMax: 33, religionPreference: ['Hindu', 'Jain'], motherTonguePreference: ['Tamil'] });
        }
        return undefined;
      },
    }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  assert.ok(await screen.findByText('27 yrs – 33 yrs'));
  fireEvent.change(screen.getByRole('combobox', { name: 'Near (city, country or metro area)' }), { target: { value: 'Bay Area' } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Within' }), { target: { value: '50' } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Minimum height' }), { target: { value: '170' } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
  await waitFor(() =>
    assert.deepEqual(Object.fromEntries(new URL(router.state.location.href, 'http://app').searchParams), {
      minAge: '27', maxAge: '33', religions: 'Hindu,Jain', motherTongues: 'Tamil', minHeightCm: '170', near: 'Bay Area', withinKm: '50',
    }),
  );
});
