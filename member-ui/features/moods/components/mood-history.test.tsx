import '../../../test/setup-dom';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { type FetchStub, jsonResponse, stubFetch } from '../../../test/fetch-stub';

const { MoodHistory } = await import('./mood-history');
const { dismissToast } = await import('../../../components/ui/toast');
const { MOOD_TYPES, buildMoodRecord, renderWithQueries } = await import('../test-support');

let fetchStub: FetchStub | null = null;
afterEach(() => {
  fetchStub?.restore();
  fetchStub = null;
  act(() => dismissToast());
  cleanup();
});

test('empty history: "No mood records yet"; Refresh asks again for the last 30', async () => {
  fetchStub = stubFetch(() => jsonResponse(200, []));
  renderWithQueries(<MoodHistory />);
  assert.ok(await screen.findByText('No mood records yet'));
  const calls = () => fetchStub?.calls.filter((c) => c.url.pathname === '/api/moods/history') ?? [];
  assert.equal(calls().length, 1);
  assert.equal(calls()[0]?.url.searchParams.get('limit'), '30');
  fireEvent.click(screen.getByRole('button', { name: 'Refresh mood history' }));
  await waitFor(() => assert.equal(calls().length, 2));
});

test('each record shows icon, name, Private badge, intensity label, category, note and a relative time', async () => {
  const now = new Date();
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  yesterday.setHours(9, 40, 0, 0);
  const today = new Date(now);
  today.setHours(0, 5, 0, 0);
  const records = [
    buildMoodRecord({ moodType: MOOD_TYPES[2] ?? null, intensity: 5, isPrivate: true, note: 'First video call went well', createdAt: today.toISOString() }),
    buildMoodRecord({ moodType: null, description: 'Missing mum’s cooking tonight', intensity: 65, scale: 'prompt', createdAt: yesterday.toISOString() }),
    buildMoodRecord({ moodType: MOOD_TYPES[3] ?? null, intensity: 1, createdAt: '2025-03-12T10:00:00.000Z' }),
  ];
  fetchStub = stubFetch((request) => {
    if (request.url.pathname === '/api/auth/user') return jsonResponse(200, buildSessionUser());
    if (request.url.pathname === '/api/users/7/privacy-settings') return jsonResponse(200, { shareMoods: true });
    return jsonResponse(200, records);
  });
  renderWithQueries(<MoodHistory />);
  const list = await screen.findByRole('list', { name: 'Mood records' });
  const [first, second, third] = within(list).getAllByRole('listitem');
  assert.ok(first && second && third);

  assert.ok(within(first).getByText('🌱'));
  assert.ok(within(first).getByText('Hopeful'));
  assert.ok(await within(first).findByText('Private'), 'kept private while sharing is on');
  assert.ok(within(first).getByText('Very strong'));
  assert.ok(within(first).getByText('Relationship'));
  assert.ok(within(first).getByText('First video call went well'));
  assert.equal(within(first).getByText(/^Today at /).textContent, 'Today at 12:05 AM');

  assert.ok(within(second).getByText('Missing mum’s cooking tonight'), 'a prompt entry shows its description');
  assert.ok(within(second).getByText('65%'), 'prompt intensities (10–100) read as a percentage');
  assert.equal(within(second).queryByText('Private'), null);
  assert.equal(within(second).getByText(/^Yesterday at /).textContent, 'Yesterday at 9:40 AM');

  assert.ok(within(third).getByText('Very mild'));
  assert.ok(within(third).getByText('Cultural'));
  assert.ok(within(third).getByText('Mar 12, 2025'));
});

test('with mood sharing off the history says every mood is private', async () => {
  fetchStub = stubFetch((request) => {
    if (request.url.pathname === '/api/auth/user') return jsonResponse(200, buildSessionUser());
    if (request.url.pathname === '/api/users/7/privacy-settings') return jsonResponse(200, { shareMoods: false });
    return jsonResponse(200, [buildMoodRecord({ isPrivate: true }), buildMoodRecord({ isPrivate: false })]);
  });
  renderWithQueries(<MoodHistory />);
  assert.ok(await screen.findByText('Mood sharing is off: every mood here is private.'));
  assert.equal(within(await screen.findByRole('list', { name: 'Mood records' })).queryByText('Private'), null, 'no badge singles one out');
});
