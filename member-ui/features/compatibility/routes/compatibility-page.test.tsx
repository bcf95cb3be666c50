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
const profiles = [buildProfileSummary(ME, 'Priya Sharma'), buildProfileSummary(21, 'Arjun Nair', 'male'), buildProfileSummary(22, 'Kabir Singh', 'male')];

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

async function check(userId: string) {
  const select = (await screen.findByLabelText('Profile to compare')) as HTMLSelectElement;
  await waitFor(() => assert.equal(select.disabled, false));
  const button = screen.getByRole('button', { name: 'Check Compatibility' }) as HTMLButtonElement;
  assert.equal(button.disabled, true, 'disabled until a profile is chosen');
  fireEvent.change(select, { target: { value: userId } });
  assert.equal(button.disabled, false);
  fireEvent.click(button);
}

test('the dropdown lists other members as "full name - gender", never the member themself', async () => {
  renderApp('/compatibility', server('tryme'));
  const select = (await screen.findByLabelText('Profile to compare')) as HTMLSelectElement;
  await waitFor(() => assert.ok(select.options.length > 1));
  assert.deepEqual(
    [...select.options].map((o) => o.textContent),
    ['Choose a profile', 'Arjun Nair - Male', 'Kabir Singh - Male'],
  );
});

test('no profiles: "No profiles available"; a failed fetch toasts "Failed to fetch profiles" and lists nothing', async () => {
  renderApp('/compatibility', server('tryme', (r) => (r.url.pathname === '/api/profiles/search' ? jsonResponse(500, { message: 'Database unavailable' }) : undefined)));
  assert.ok(await screen.findByText('Failed to fetch profiles'));
  const select = (await screen.findByLabelText('Profile to compare')) as HTMLSelectElement;
  assert.deepEqual([...select.options].map((o) => o.textContent), ['No profiles available']);
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

  fireEvent.change(screen.getByLabelText('Profile to compare'), { target: { value: '21' } });
  fireEvent.click(screen.getByRole('button', { name: 'Check Compatibility' }));
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
  const select = (await screen.findByLabelText('Profile to compare')) as HTMLSelectElement;
  await waitFor(() => assert.equal(select.value, '22'));
  assert.equal((screen.getByRole('button', { name: 'Check Compatibility' }) as HTMLButtonElement).disabled, false);
});
