import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildProfileCard, buildSuccessStory } from '../../../test/build-profile-card';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

function homeApi({
  featured = [
    buildProfileCard({ fullName: 'Meera Nair', country: 'India', city: 'Kochi' }),
    buildProfileCard({ fullName: 'Anjali Rao', country: 'United States', city: 'Austin' }),
    buildProfileCard({ fullName: 'Kavya Pillai', country: 'United Kingdom', city: 'Leeds' }),
    buildProfileCard({ fullName: 'Sara Thomas', country: 'Hong Kong SAR China', city: 'Kowloon' }),
  ],
  daily = [buildProfileCard({ fullName: 'Kavya Rao', matchPercentage: 87 }), buildProfileCard({ fullName: 'Isha Patel', matchPercentage: 74 })],
  stories = [buildSuccessStory()],
}: { featured?: unknown[]; daily?: unknown[]; stories?: unknown[] } = {}) {
  return (request: { url: URL }) => {
    switch (request.url.pathname) {
      case '/api/matches/featured':
        return jsonResponse(200, featured);
      case '/api/matches/daily':
        return jsonResponse(200, daily);
      case '/api/success-stories':
        return jsonResponse(200, stories);
      default:
        return undefined;
    }
  };
}

const siteFigures = (figures: Record<string, number | null>) => (request: { url: URL }) =>
  request.url.pathname === '/api/site-figures' ? jsonResponse(200, figures) : undefined;

test('a visitor sees the landing page with every element of the spec', async () => {
  const { fetchStub } = renderApp('/', fakeServer({ handle: siteFigures({ matches: 12_000, countries: 50, successStories: 1200 }) }));
  assert.ok(await screen.findByRole('heading', { name: 'Find Your Perfect Match' }));
  assert.match(screen.getByRole('note', { name: 'Free Premium for a year' }).textContent ?? '', /first 500 registrations/);
  assert.equal(screen.getByRole('link', { name: 'Create Account Now' }).getAttribute('href'), '/register');
  const logins = screen.getAllByRole('link', { name: 'Login' }).map((link) => link.getAttribute('href'));
  assert.ok(logins.every((href) => href === '/login') && logins.length >= 1);
  const stats = within(await screen.findByRole('list', { name: 'Saathi in numbers' }));
  for (const text of ['12K+', 'Matches', '50+', 'Countries', '1.2K+', 'Success Stories']) assert.ok(stats.getByText(text));
  assert.ok(screen.getByText('App Store'));
  assert.ok(screen.getByText('Google Play'));
  assert.equal(screen.queryByRole('navigation', { name: 'Main' }), null);
  assert.equal(fetchStub.callsTo('GET', '/api/matches/featured').length, 0, 'visitors load no member data');
});

test('the landing claims only the figures the server counted: none below 10, none at all without an answer', async () => {
  renderApp('/', fakeServer({ handle: siteFigures({ matches: 120, countries: null, successStories: null }) }));
  const stats = await screen.findByRole('list', { name: 'Saathi in numbers' });
  assert.deepEqual([...stats.querySelectorAll('li')].map((li) => li.textContent), ['120+Matches']);
  cleanupApp();

  renderApp('/', fakeServer({ handle: (request) => (request.url.pathname === '/api/site-figures' ? jsonResponse(500, { message: 'down' }) : undefined) }));
  assert.ok(await screen.findByRole('heading', { name: 'Find Your Perfect Match' }));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(screen.queryByRole('list', { name: 'Saathi in numbers' }), null);
  for (const invented of ['10K+', '50+', '1K+']) assert.equal(screen.queryByText(invented), null);
});

test('a member sees featured matches, daily matches with percentages and a success story', async () => {
  renderApp('/', fakeServer({ user: buildSessionUser(), handle: homeApi() }));
  assert.ok(await screen.findByRole('heading', { name: 'Welcome, Priya!' }));

  const featured = within(await screen.findByRole('list', { name: 'Featured Matches' }));
  const card = featured.getByRole('link', { name: /^Meera Nair Meera, 30/ });
  assert.ok(card.getAttribute('href')?.startsWith('/profile/'));
  assert.ok(within(card).getByText('IN'), 'the country is shown as its ISO 3166-1 alpha-2 code');
  // Not "UN" for both the United States and the United Kingdom.
  assert.ok(within(featured.getByRole('link', { name: /^Anjali Rao/ })).getByText('US'));
  assert.ok(within(featured.getByRole('link', { name: /^Kavya Pillai/ })).getByText('GB'));
  assert.ok(within(featured.getByRole('link', { name: /^Sara Thomas/ })).getByText('HK'));
  assert.equal(screen.getByRole('link', { name: /See All/ }).getAttribute('href'), '/search');

  const daily = within(await screen.findByRole('list', { name: 'Daily Matches' }));
  assert.ok(daily.getByText('87% Match'));
  assert.ok(daily.getByText('74% Match'));

  assert.ok(await screen.findByRole('article', { name: 'Success story of Ananya & Rahul' }));
  assert.ok(screen.getByRole('heading', { name: 'Saathi Premium' }), 'tryme members see the promo card');
});

test('the promo card toggles between promo and feature text', async () => {
  renderApp('/', fakeServer({ user: buildSessionUser(), handle: homeApi() }));
  const learnMore = await screen.findByRole('button', { name: 'Learn More' });
  learnMore.click();
  assert.ok(await screen.findByText('Unlimited messaging'));
  screen.getByRole('button', { name: 'Show Promo' }).click();
  assert.ok(await screen.findByRole('button', { name: 'Learn More' }));
});

test('no success story hides the card; premium members get the first-500 banner and no promo', async () => {
  renderApp('/', fakeServer({ user: buildSessionUser({ subscriptionTier: 'premium', isFirst500: true }), handle: homeApi({ stories: [] }) }));
  assert.ok(
    await screen.findByText(/You're one of our first 500 users! Enjoy free premium features for 1 year\./),
  );
  await screen.findByRole('list', { name: 'Daily Matches' });
  await waitFor(() => assert.equal(screen.queryByRole('heading', { name: 'Success Story' }), null));
  assert.equal(screen.queryByRole('heading', { name: 'Saathi Premium' }), null);
});

test('premium members are welcomed by name once per browser session', async () => {
  renderApp('/', fakeServer({ user: buildSessionUser({ subscriptionTier: 'elite', fullName: 'Arjun Kapoor' }), handle: homeApi() }));
  const title = await screen.findByText('Welcome back, Arjun!');
  // The toast on screen (the live region says the same words to a screen reader).
  const welcome = title.closest<HTMLElement>('.toast');
  assert.ok(welcome);
  assert.ok(within(welcome).getByText(/Elite membership is active/));
  assert.equal(window.sessionStorage.getItem('shownPremiumWelcome'), 'true');
});

test('skeletons show while the matches load', async () => {
  renderApp(
    '/',
    fakeServer({
      user: buildSessionUser(),
      handle: (request) => (request.url.pathname.startsWith('/api/matches/') ? new Promise<Response>(() => {}) : undefined),
    }),
  );
  assert.ok(await screen.findByLabelText('Loading featured matches'));
  assert.ok(screen.getByLabelText('Loading daily matches'));
});

test('"Not interested" on a daily match takes it out of daily and featured at once', async () => {
  const kavya = buildProfileCard({ fullName: 'Kavya Rao', matchPercentage: 87 });
  const posted: { profileId: number }[] = [];
  const isha = buildProfileCard({ fullName: 'Isha Patel', matchPercentage: 74 });
  // The server leaves a marked profile out of both lists when they are fetched again.
  const shown = (cards: typeof isha[]) => cards.filter((card) => !posted.some((p) => p.profileId === card.id));
  renderApp(
    '/',
    fakeServer({
      user: buildSessionUser(),
      handle: (request) => {
        if (request.url.pathname === '/api/not-interested' && request.method === 'POST') {
          posted.push(JSON.parse(request.body) as { profileId: number });
          return jsonResponse(201, { profileId: kavya.id, notInterested: true });
        }
        const answer = homeApi({ daily: shown([kavya, isha]), featured: shown([kavya]) })(request);
        // The lists fetched again after the mark answer slowly, as on a phone: the card has left the screen
        // before the mark settles, and the toast must still come.
        return posted.length > 0 && answer ? new Promise<Response>((resolve) => setTimeout(() => resolve(answer), 300)) : answer;
      },
    }),
  );
  const daily = within(await screen.findByRole('list', { name: 'Daily Matches' }));
  assert.equal(screen.getAllByRole('button', { name: 'Not interested in Kavya Rao' }).length, 2, 'on the daily and the featured card');
  fireEvent.click(daily.getByRole('button', { name: 'Not interested in Kavya Rao' }));
  await waitFor(() => assert.ok(!screen.queryByText('Kavya Rao'), `Kavya is still shown (${posted.length} posted)`));
  assert.ok(within(screen.getByRole('list', { name: 'Daily Matches' })).getByText('Isha Patel'));
  assert.deepEqual(posted, [{ profileId: kavya.id }]);
  assert.ok(await screen.findByRole('button', { name: /^Undo/ }));
});

/** A profile the account helps with, as GET /api/family lists it. */
const helped = (profileId: number, candidateName: string, may: Partial<Record<string, boolean>> = {}) => ({
  profileId,
  candidateUserId: profileId + 100,
  candidateTier: 'elite',
  candidateName,
  relation: 'father',
  consent: 'confirmed',
  mayShare: true,
  may: { edit: true, search: true, like: true, suggest: true, message: false, share: true, ...may },
});

test("a helper without a profile of their own works on the candidate's matches, and is never asked to create a profile", async () => {
  const vikram = buildSessionUser({ fullName: 'Vikram Shah', profileId: null });
  const mine = homeApi({ daily: [] });
  const arjuns = homeApi({ daily: [buildProfileCard({ fullName: 'Kavya Rao', matchPercentage: 87 })] });
  const { fetchStub } = renderApp(
    '/',
    fakeServer({
      user: vikram,
      handle: (request) => {
        if (request.url.pathname === '/api/family') return jsonResponse(200, [helped(40, 'Arjun')]);
        return request.headers.get('X-Saathi-Acting-For') === '40' ? arjuns(request) : mine(request);
      },
    }),
  );
  assert.ok(await screen.findByRole('heading', { name: 'Daily Matches for Arjun' }));
  assert.ok(await screen.findByText('Kavya Rao'));
  assert.ok(within(screen.getByRole('region', { name: 'Helper mode' })).getByText('Arjun'));
  const link = screen.getByRole('link', { name: /Helping Arjun as their father/ });
  assert.equal(link.getAttribute('href'), '/family');
  assert.equal(screen.queryByRole('link', { name: /Create your profile/ }), null);
  const daily = fetchStub.callsTo('GET', '/api/matches/daily');
  assert.ok(daily.some((call) => call.headers.get('X-Saathi-Acting-For') === '40'), "the daily matches asked for are Arjun's");
});

test('a father helping two children switches between them; the choice is kept for his account', async () => {
  const vikram = buildSessionUser({ fullName: 'Vikram Shah', profileId: null });
  const forArjun = homeApi({ daily: [buildProfileCard({ fullName: 'Kavya Rao' })] });
  const forMeera = homeApi({ daily: [buildProfileCard({ fullName: 'Rohan Iyer' })] });
  renderApp(
    '/',
    fakeServer({
      user: vikram,
      handle: (request) => {
        if (request.url.pathname === '/api/family') return jsonResponse(200, [helped(40, 'Arjun'), helped(41, 'Meera')]);
        return request.headers.get('X-Saathi-Acting-For') === '41' ? forMeera(request) : forArjun(request);
      },
    }),
  );
  assert.ok(await screen.findByText('Kavya Rao'));
  const select = screen.getByRole('combobox', { name: 'Acting for' }) as HTMLSelectElement;
  assert.deepEqual([...select.options].map((o) => o.text), ['Arjun', 'Meera'], 'no own profile to switch back to');
  fireEvent.change(select, { target: { value: '41' } });
  assert.ok(await screen.findByRole('heading', { name: 'Daily Matches for Meera' }));
  assert.ok(await screen.findByText('Rohan Iyer'));
  assert.equal(screen.queryByText('Kavya Rao'), null);
  assert.equal(JSON.parse(window.localStorage.getItem('saathi.helping') ?? '{}')[String(vikram.id)], 41);
});

test('a member with a profile of their own who also helps works on their own until they switch', async () => {
  const api = homeApi();
  renderApp(
    '/',
    fakeServer({ user: buildSessionUser({ profileId: 9 }), handle: (request) => (request.url.pathname === '/api/family' ? jsonResponse(200, [helped(40, 'Arjun')]) : api(request)) }),
  );
  const select = (await screen.findByRole('combobox', { name: 'Working on' })) as HTMLSelectElement;
  assert.deepEqual([...select.options].map((o) => o.text), ['My own profile', 'Arjun']);
  assert.ok(await screen.findByRole('heading', { name: 'Daily Matches' }));
});

test('a member without a profile who helps nobody is asked to create one', async () => {
  const api = homeApi();
  renderApp('/', fakeServer({ user: buildSessionUser({ profileId: null }), handle: (request) => (request.url.pathname === '/api/family' ? jsonResponse(200, []) : api(request)) }));
  assert.ok(await screen.findByRole('link', { name: /Create your profile/ }));
  assert.equal(screen.queryByRole('link', { name: /Helping/ }), null);
});

test("in helper mode the header and home show the candidate and the candidate's plan, not the helper's", async () => {
  // Vikram is one of the first 500 on a free Premium year; Arjun, whom he helps, is on Elite.
  const vikram = buildSessionUser({ fullName: 'Vikram Shah', profileId: null, subscriptionTier: 'premium', isFirst500: true });
  const api = homeApi();
  renderApp('/', fakeServer({ user: vikram, handle: (request) => (request.url.pathname === '/api/family' ? jsonResponse(200, [helped(40, 'Arjun')]) : api(request)) }));
  const avatar = await screen.findByRole('link', { name: 'Acting for Arjun (their profile)' });
  assert.equal(avatar.textContent, 'A');
  assert.equal(avatar.getAttribute('href'), '/profile/40');
  assert.equal(screen.queryByRole('link', { name: /^My profile/ }), null);
  assert.ok(screen.getByText('Arjun: Elite'), "the candidate's plan governs");
  assert.equal(screen.queryByText('Free - First 500'), null);
  assert.equal(screen.queryByText(/Free Premium Membership/), null, "the helper's own plan banner waits for his own profile");
  assert.ok(screen.getByRole('heading', { name: 'Welcome, Vikram!' }), 'he is still greeted as himself');
  assert.equal(screen.queryByText('Welcome back, Vikram!'), null, 'no welcome to his own plan while he acts for Arjun');
});

test('without helping, the header is the member\'s own and home shows their own plan', async () => {
  renderApp('/', fakeServer({ user: buildSessionUser({ fullName: 'Asha Rao', profileId: 9, subscriptionTier: 'premium', isFirst500: true }), handle: homeApi() }));
  assert.ok(await screen.findByRole('link', { name: 'My profile (Asha Rao)' }));
  assert.ok(await screen.findByText('Free - First 500'));
  assert.equal(screen.queryByRole('link', { name: /^Acting for/ }), null);
});
