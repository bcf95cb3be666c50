import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { SavedSearchView } from '../../../../contracts/saved-searches';
import { buildProfileCard } from '../../../test/build-profile-card';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse, type RecordedRequest } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(() => cleanupApp());

function saved(id: number, overrides: Partial<SavedSearchView> = {}): SavedSearchView {
  return {
    id,
    name: `Search ${id}`,
    filters: { query: 'doctor', locations: 'Canada' },
    emailAlerts: true,
    pushAlerts: true,
    matches: 12,
    needsUpgrade: false,
    createdAt: '2026-12-01T10:00:00.000Z',
    lastAlertAt: null,
    ...overrides,
  };
}

/** A fake API keeping the member's saved searches as the server would: saves, renames, alert switches, deletes. */
function savedSearchServer(initial: SavedSearchView[], user = buildSessionUser({ profileId: 70, subscriptionTier: 'premium' })) {
  let list = [...initial];
  const handle = (request: RecordedRequest) => {
    const path = request.url.pathname;
    if (path === '/api/saved-searches' && request.method === 'GET') return jsonResponse(200, { searches: list, limit: 20 });
    if (path === '/api/saved-searches' && request.method === 'POST') {
      const body = JSON.parse(request.body) as { name: string; filters: Record<string, string>; emailAlerts: boolean; pushAlerts: boolean };
      if (!body.name.trim()) return jsonResponse(400, { message: 'Give the search a name' });
      const made = saved(50, { name: body.name.trim(), filters: body.filters, emailAlerts: body.emailAlerts, pushAlerts: body.pushAlerts, matches: 1 });
      list = [made, ...list];
      return jsonResponse(201, made);
    }
    const one = /^\/api\/saved-searches\/(\d+)$/.exec(path);
    if (one && request.method === 'PATCH') {
      const change = JSON.parse(request.body) as Partial<SavedSearchView>;
      list = list.map((s) => (s.id === Number(one[1]) ? { ...s, ...change } : s));
      return jsonResponse(200, list.find((s) => s.id === Number(one[1])));
    }
    if (one && request.method === 'DELETE') {
      list = list.filter((s) => s.id !== Number(one[1]));
      return jsonResponse(200, { message: 'Saved search deleted' });
    }
    if (path === '/api/search') {
      const response = jsonResponse(200, [buildProfileCard({ id: 101, fullName: 'Rohan Iyer' })]);
      response.headers.set('X-Total-Count', '1');
      return response;
    }
    return undefined;
  };
  return fakeServer({ user, handle });
}

test('the search screen saves the search on screen by name, with morning alerts, and then says it is saved', async () => {
  const { fetchStub } = renderApp('/search?query=doctor&locations=Canada', savedSearchServer([]));
  fireEvent.click(await screen.findByRole('button', { name: 'Save search' }));
  const form = await screen.findByRole('form', { name: 'Save this search' });
  const name = within(form).getByLabelText('Name') as HTMLInputElement;
  assert.equal(name.value, '“doctor” · 25–35 · Canada', 'a name suggested from the search (applied filters carry the default ages)');
  fireEvent.change(name, { target: { value: '' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  assert.ok(await within(form).findByText('Give the search a name'), 'the server’s message beside the field');
  fireEvent.change(name, { target: { value: 'Doctors in Canada' } });
  assert.equal(within(form).getByRole('switch', { name: 'Morning alerts' }).getAttribute('aria-checked'), 'true');
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  assert.ok(await screen.findByText('Saved as “Doctors in Canada”'));
  const [post] = fetchStub.callsTo('POST', '/api/saved-searches').slice(-1);
  assert.deepEqual(JSON.parse(post.body), { name: 'Doctors in Canada', filters: { locations: 'Canada', maxAge: '35', minAge: '25', query: 'doctor' }, emailAlerts: true, pushAlerts: true });
  assert.equal(screen.getByRole('link', { name: 'Saved searches' }).getAttribute('href'), '/saved-searches');
});

test('the list opens a search at its address, renames it, turns an alert off and deletes it', async () => {
  const { fetchStub } = renderApp('/saved-searches', savedSearchServer([saved(1, { name: 'Doctors in Canada', lastAlertAt: '2026-12-06T14:00:00.000Z' }), saved(2, { name: 'Verified only', filters: { isVerified: 'true' }, matches: null, needsUpgrade: true })]));
  const first = within(await screen.findByRole('listitem', { name: 'Doctors in Canada' }));
  assert.ok(first.getByText('“doctor” · Canada'));
  assert.ok(first.getByText('12 members match now'));
  assert.equal(first.getByRole('link', { name: 'Open “Doctors in Canada”' }).getAttribute('href'), '/search?query=doctor&locations=Canada');
  const second = within(screen.getByRole('listitem', { name: 'Verified only' }));
  assert.ok(second.getByText('Needs Premium'));
  assert.ok(screen.getByText('2 of 20 saved'));

  fireEvent.click(first.getByRole('switch', { name: 'Email' }));
  await waitFor(() => assert.equal(fetchStub.callsTo('PATCH', '/api/saved-searches/1').length, 1));
  assert.deepEqual(JSON.parse(fetchStub.callsTo('PATCH', '/api/saved-searches/1')[0].body), { emailAlerts: false });
  await waitFor(() => assert.equal(first.getByRole('switch', { name: 'Email' }).getAttribute('aria-checked'), 'false'));
  assert.equal(first.getByRole('switch', { name: 'Push' }).getAttribute('aria-checked'), 'true');

  fireEvent.click(first.getByRole('button', { name: 'Rename “Doctors in Canada”' }));
  const rename = await screen.findByRole('form', { name: 'Rename “Doctors in Canada”' });
  fireEvent.change(within(rename).getByLabelText('Name'), { target: { value: 'Toronto doctors' } });
  fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
  assert.ok(await screen.findByRole('heading', { name: 'Toronto doctors' }));

  const confirm = window.confirm;
  window.confirm = () => true;
  try {
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Toronto doctors”' }));
    await waitFor(() => assert.equal(screen.queryByRole('heading', { name: 'Toronto doctors' }), null));
  } finally {
    window.confirm = confirm;
  }
  assert.equal(fetchStub.callsTo('DELETE', '/api/saved-searches/1').length, 1);
});

test('without saved searches the list says how to make one', async () => {
  renderApp('/saved-searches', savedSearchServer([]));
  assert.ok(await screen.findByRole('heading', { name: 'No saved searches yet' }));
  assert.equal(screen.getByRole('link', { name: 'Start a search' }).getAttribute('href'), '/search');
});

test('a member who reads Tamil sees the saved searches in Tamil: counts, dates, list values and the plan note, no English but what they typed', async () => {
  const tamilReader = buildSessionUser({ profileId: 70, subscriptionTier: 'premium', language: 'ta' });
  const searches = [
    saved(1, { name: 'Chennai doctors', filters: { query: 'doctor', religions: 'Hindu', minGuna: '18' }, matches: 1234, lastAlertAt: '2026-12-06T14:00:00.000Z' }),
    saved(2, { name: 'Verified only', filters: { isVerified: 'true' }, matches: null, needsUpgrade: true }),
  ];
  renderApp('/saved-searches', savedSearchServer(searches, tamilReader));
  const page = (await screen.findByRole('heading', { name: 'சேமித்த தேடல்கள்', level: 1 })).closest('main') as HTMLElement;
  const first = within(await screen.findByRole('listitem', { name: 'Chennai doctors' }));
  assert.ok(first.getByText('“doctor” · இந்து · குறைந்தது 18 பொருத்தங்கள்'), 'list values by their catalogue labels');
  assert.ok(first.getByText('இப்போது 1,234 உறுப்பினர்கள் பொருந்துகின்றனர்'));
  assert.ok(first.getByText(/^· கடைசி அறிவிப்பு 6 டிச\.?,? 2026$/));
  assert.ok(first.getByRole('link', { name: '“Chennai doctors” திறங்கள்' }));
  const second = within(screen.getByRole('listitem', { name: 'Verified only' }));
  assert.ok(second.getByText('பிரீமியம் தேவை'));
  assert.equal(second.getByRole('link', { name: 'மேம்படுத்தும்' }).getAttribute('href'), '/subscription');
  assert.ok(screen.getByText('20 இல் 2 சேமிக்கப்பட்டன'));
  let text = page.textContent ?? '';
  for (const own of ['Chennai doctors', 'Verified only', '“doctor”']) text = text.split(own).join(' ');
  assert.deepEqual(text.match(/[A-Za-z]{2,}/g) ?? [], []);
});
