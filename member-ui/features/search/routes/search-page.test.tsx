import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { ProfileCardView } from '../../../../contracts/views';
import { buildProfileCard } from '../../../test/build-profile-card';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse, type RecordedRequest } from '../../../test/fetch-stub';
import { appliedFiltersAtom, filterPanelOpenAtom, moodMatchAtom, searchTextAtom } from '../components/search-state';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(() => {
  cleanupApp();
  // The search lives in app-wide atoms so it survives navigation; each test starts from a blank search.
  const store = getDefaultStore();
  store.set(searchTextAtom, '');
  store.set(appliedFiltersAtom, null);
  store.set(moodMatchAtom, { enabled: false, minScore: 70 });
  store.set(filterPanelOpenAtom, false);
});

function page(results: ProfileCardView[], nextCursor?: string, total?: number): Response {
  const response = jsonResponse(200, results);
  if (nextCursor) response.headers.set('X-Next-Cursor', nextCursor);
  if (total !== undefined) response.headers.set('X-Total-Count', String(total));
  return response;
}

/** The searches the member made (the opening best-matches search has no parameters but the page size). */
const searchesWith = (calls: RecordedRequest[], key: string) => calls.filter((c) => c.url.searchParams.has(key));

function searchServer(answer: (request: RecordedRequest) => Response, tier: 'tryme' | 'premium' = 'premium') {
  return fakeServer({
    user: buildSessionUser({ subscriptionTier: tier }),
    handle: (request) => (request.url.pathname === '/api/search' ? answer(request) : undefined),
  });
}

async function typeQuery(text: string) {
  fireEvent.change(await screen.findByPlaceholderText('Search by name, location, etc.'), { target: { value: text } });
}

test('an empty search shows the best matches at once, with how many members there are', async () => {
  const best = [buildProfileCard({ fullName: 'Best Match One', matchPercentage: 96 }), buildProfileCard({ fullName: 'Best Match Two', matchPercentage: 94 })];
  const { fetchStub } = renderApp('/search', searchServer(() => page(best, 'next', 2345)));
  assert.ok(await screen.findByText('Best Match One'));
  assert.ok(screen.getByText('Your best matches'));
  assert.ok(screen.getByText('2,345 members, best match first'));
  const [call] = fetchStub.callsTo('GET', '/api/search');
  assert.deepEqual(Object.fromEntries(call?.url.searchParams ?? []), { limit: '20' });
  assert.ok(screen.getByRole('button', { name: 'Load More Results' }));
});

test('a later page refused because the order changed (409) starts the search again from the top', async () => {
  let pagesServed = 0;
  renderApp(
    '/search',
    searchServer((request) => {
      if (request.url.searchParams.get('cursor') === 'stale') return jsonResponse(409, { message: 'Your profile changed since this search began, so its order did too: start the search again.' });
      pagesServed += 1;
      return page([buildProfileCard({ fullName: `Fresh Page ${pagesServed}` })], 'stale', 40);
    }),
  );
  assert.ok(await screen.findByText('Fresh Page 1'));
  fireEvent.click(screen.getByRole('button', { name: 'Load More Results' }));
  assert.ok(await screen.findByText('Fresh Page 2'), 'page one fetched again');
  assert.equal(screen.queryByText(/order did too/), null, 'no error shown for a restart');
});

test('a query searches; "Load More Results" appends the next page using X-Next-Cursor', async () => {
  const first = Array.from({ length: 20 }, (_, i) => buildProfileCard({ fullName: `Toronto Member ${i + 1}` }));
  const second = [buildProfileCard({ fullName: 'Toronto Member 21' }), buildProfileCard({ fullName: 'Toronto Member 22' })];
  const { fetchStub } = renderApp(
    '/search',
    searchServer((request) => (request.url.searchParams.get('cursor') === 'cursor-2' ? page(second) : page(first, 'cursor-2'))),
  );
  await typeQuery('Toronto');
  await waitFor(() => assert.equal(searchesWith(fetchStub.callsTo('GET', '/api/search'), 'query').length, 1));
  assert.ok(await screen.findByText('Toronto Member 20'));
  const [firstCall] = searchesWith(fetchStub.callsTo('GET', '/api/search'), 'query');
  assert.equal(firstCall?.url.searchParams.get('query'), 'Toronto');
  assert.equal(firstCall?.url.searchParams.get('cursor'), null);
  assert.equal(firstCall?.url.searchParams.get('minAge'), null, 'the age range is sent only once filters are applied');

  fireEvent.click(screen.getByRole('button', { name: 'Load More Results' }));
  assert.ok(await screen.findByText('Toronto Member 22'));
  const calls = searchesWith(fetchStub.callsTo('GET', '/api/search'), 'query');
  assert.equal(calls.length, 2);
  assert.equal(calls[1]?.url.searchParams.get('cursor'), 'cursor-2');
  assert.equal(calls[1]?.url.searchParams.get('query'), 'Toronto');
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

test('applied filters search without a query and narrow by age, location, type and verified', async () => {
  const { fetchStub } = renderApp('/search', searchServer(() => page([])));
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  assert.ok(screen.getByText('25 yrs – 35 yrs'));
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
  fireEvent.click(within(screen.getByRole('group', { name: 'Profile Type' })).getByRole('radio', { name: 'Family' }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Verified' })).getByRole('radio', { name: 'Verified' }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Religion' })).getByRole('button', { name: 'Sikh' }));
  fireEvent.click(within(screen.getByRole('group', { name: 'Diet' })).getByRole('button', { name: 'Non-vegetarian' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Only members with a photo' }));
  assert.equal(searchesWith(fetchStub.callsTo('GET', '/api/search'), 'minAge').length, 0, 'nothing is sent before Apply Filters');
  fireEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));

  assert.ok(await screen.findByText('No profiles match your search criteria.'));
  assert.ok(screen.getByText('Try adjusting your filters to see more results.'));
  const [call] = searchesWith(fetchStub.callsTo('GET', '/api/search'), 'minAge');
  assert.ok(call);
  const params = Object.fromEntries(call.url.searchParams);
  assert.deepEqual(params, {
    minAge: '25',
    maxAge: '35',
    locations: 'Canada,United Kingdom,Hong Kong SAR China',
    religions: 'Sikh',
    diets: 'non_vegetarian',
    profileType: 'parent',
    isVerified: 'true',
    hasPhoto: 'true',
    limit: '20',
  });
});

test('tryme members see the advanced filters locked with an upgrade link', async () => {
  renderApp('/search', searchServer(() => page([]), 'tryme'));
  fireEvent.click(await screen.findByRole('button', { name: 'Filters' }));
  const familyChoice = within(screen.getByRole('group', { name: 'Profile Type' })).getByRole('radio', { name: 'Family' });
  assert.equal((familyChoice as HTMLButtonElement).disabled, true);
  const upgrades = screen.getAllByRole('link', { name: 'Upgrade to unlock' });
  assert.ok(upgrades.length >= 8, 'profile type, verified, education, diet, return plans, recently active, gunas, photo');
  // The free filters stay open.
  assert.equal((within(screen.getByRole('group', { name: 'Religion' })).getByRole('button', { name: 'Hindu' }) as HTMLButtonElement).disabled, false);
  assert.equal((within(screen.getByRole('group', { name: 'Education' })).getByRole('button', { name: 'Doctorate' }) as HTMLButtonElement).disabled, true);
  assert.ok(upgrades.every((link) => link.getAttribute('href') === '/subscription'));
});

test('mood match adds matchMood=true with the minimum chosen by plus and minus', async () => {
  const { fetchStub } = renderApp('/search', searchServer(() => page([])));
  fireEvent.click(await screen.findByRole('button', { name: 'More Options' }));
  fireEvent.click(screen.getByRole('switch', { name: 'Match by mood' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Increase minimum mood compatibility' }));
  assert.ok(screen.getByText('75%'));
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
