import '../../../test/setup-dom';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildSessionUser } from '../../../test/build-user';
import { type FetchStub, jsonResponse, stubFetch } from '../../../test/fetch-stub';

const { MoodForm } = await import('./mood-form');
const { LastMoodCard } = await import('./last-mood-card');
const { MoodSharingCard } = await import('./mood-sharing-card');
const { dismissToast } = await import('../../../components/ui/toast');
const { MOOD_TYPES, buildMoodRecord, renderWithQueries } = await import('../test-support');

let fetchStub: FetchStub | null = null;
afterEach(() => {
  fetchStub?.restore();
  fetchStub = null;
  act(() => dismissToast());
  cleanup();
});

/**
 * A fake mood API: POST /api/moods stores the record; current answers with the latest one. The member (id 7) shares
 * moods when `shareMoods` (their privacy setting, changed by PATCH).
 */
function moodServer({ failPost = false, shareMoods = true } = {}) {
  const posted: Array<Record<string, unknown>> = [];
  const privacyPatches: Array<Record<string, unknown>> = [];
  let current: ReturnType<typeof buildMoodRecord> | null = null;
  let sharing = shareMoods;
  fetchStub = stubFetch((request) => {
    const path = request.url.pathname;
    if (path === '/api/auth/user') return jsonResponse(200, buildSessionUser());
    if (path === '/api/users/7/privacy-settings') {
      if (request.method === 'PATCH') {
        const body = JSON.parse(request.body) as Record<string, unknown>;
        privacyPatches.push(body);
        sharing = body.shareMoods === true;
      }
      const settings = { profileVisibility: 'all', blurPhotos: false, shareMoods: sharing, updatedAt: '2026-01-01T00:00:00.000Z' };
      return jsonResponse(200, request.method === 'PATCH' ? { message: 'Privacy settings updated', settings } : settings);
    }
    if (path === '/api/moods/types') return jsonResponse(200, MOOD_TYPES);
    if (path === '/api/moods/current') return jsonResponse(200, current);
    if (path === '/api/moods' && request.method === 'POST') {
      if (failPost) return jsonResponse(400, { message: 'Intensity must be a whole number from 1 to 5' });
      const body = JSON.parse(request.body) as Record<string, unknown>;
      posted.push(body);
      const type = MOOD_TYPES.find((t) => t.id === body.moodTypeId) ?? null;
      current = buildMoodRecord({ moodType: type, intensity: Number(body.intensity), isPrivate: Boolean(body.isPrivate), note: (body.note as string) ?? null });
      return jsonResponse(201, current);
    }
    return jsonResponse(404, { message: 'Not found' });
  });
  return { posted, privacyPatches };
}

test('Record Mood without a mood shows "Please select a mood" and sends nothing', async () => {
  const { posted } = moodServer();
  renderWithQueries(<MoodForm />);
  await screen.findByRole('button', { name: /Happy/ });
  fireEvent.click(screen.getByRole('button', { name: 'Record Mood' }));
  assert.ok(await screen.findByText('Please select a mood'));
  assert.ok(screen.getAllByText('You need to select a mood before submitting').length > 0);
  assert.equal(posted.length, 0);
  assert.equal(fetchStub?.callsTo('POST', '/api/moods').length, 0);
});

test('the intensity, note and private switch appear only for a mood of the visible category', async () => {
  moodServer();
  renderWithQueries(<MoodForm />);
  fireEvent.click(await screen.findByRole('button', { name: /Happy/ }));
  assert.ok(screen.getByText('Intensity: 3 / 5'), 'default intensity 3');
  assert.ok(await screen.findByRole('switch', { name: 'Keep this mood private' }));
  const relationship = screen.getByRole('tab', { name: 'Relationship' });
  fireEvent.mouseDown(relationship);
  fireEvent.click(relationship);
  await waitFor(() => assert.equal(relationship.getAttribute('data-state'), 'active'));
  assert.equal(screen.queryByText('Intensity: 3 / 5'), null, 'Happy is not in the Relationship category');
  assert.equal(screen.queryByRole('switch', { name: 'Keep this mood private' }), null);
});

test('a private mood with a note is sent trimmed; afterwards the form resets and the last mood refreshes', async () => {
  const { posted } = moodServer();
  renderWithQueries(
    <>
      <MoodForm />
      <LastMoodCard />
    </>,
  );
  assert.ok(await screen.findByText('Nothing recorded yet. Your first mood will show here.'));
  const happy = await screen.findByRole('button', { name: /Happy/ });
  fireEvent.click(happy);
  assert.equal(happy.getAttribute('aria-pressed'), 'true');
  const slider = screen.getByRole('slider', { name: 'Intensity' });
  fireEvent.keyDown(slider, { key: 'ArrowRight' });
  assert.ok(await screen.findByText('Intensity: 4 / 5'));
  fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: '  Diwali plans with cousins  ' } });
  const privacy = await screen.findByRole('switch', { name: 'Keep this mood private' });
  assert.equal(privacy.getAttribute('aria-checked'), 'false');
  fireEvent.click(privacy);
  assert.equal(privacy.getAttribute('aria-checked'), 'true');

  fireEvent.click(screen.getByRole('button', { name: 'Record Mood' }));
  assert.ok(await screen.findByText('Mood recorded'));
  assert.ok(screen.getAllByText('Your mood has been successfully recorded.').length > 0);
  assert.deepEqual(posted, [{ moodTypeId: 1, intensity: 4, isPrivate: true, note: 'Diwali plans with cousins' }]);

  // Reset: no mood selected (so no slider, note or switch), and the next pick starts again at 3 with an empty note.
  await waitFor(() => assert.equal(screen.queryByRole('slider', { name: 'Intensity' }), null));
  assert.equal(screen.getByRole('button', { name: /Happy/ }).getAttribute('aria-pressed'), 'false');
  fireEvent.click(screen.getByRole('button', { name: /Calm/ }));
  assert.ok(screen.getByText('Intensity: 3 / 5'));
  assert.equal((screen.getByLabelText('Note (optional)') as HTMLTextAreaElement).value, '');

  // The current mood was fetched again and shows the new record.
  const last = screen.getByRole('region', { name: 'Your last mood' });
  await within(last).findByText('Happy');
  assert.ok(within(last).getByText('Private'));
  assert.ok(within(last).getByText(/Strong · General/));
});

test('an empty note is dropped; a failure shows "Failed to record mood" with the message', async () => {
  moodServer({ failPost: true });
  renderWithQueries(<MoodForm />);
  fireEvent.click(await screen.findByRole('button', { name: /Calm/ }));
  fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: '   ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Record Mood' }));
  assert.ok(await screen.findByText('Failed to record mood'));
  assert.ok(screen.getAllByText('Intensity must be a whole number from 1 to 5').length > 0);
  const sent = JSON.parse(fetchStub?.callsTo('POST', '/api/moods')[0]?.body ?? '{}') as Record<string, unknown>;
  assert.deepEqual(sent, { moodTypeId: 2, intensity: 3, isPrivate: false });
  assert.ok(screen.getByText('Intensity: 3 / 5'), 'the form keeps its values after a failure');
});

test('sharing is off until the member turns it on: every mood is private, the note never shared, and the card says so', async () => {
  const { posted, privacyPatches } = moodServer({ shareMoods: false });
  renderWithQueries(
    <>
      <MoodForm />
      <MoodSharingCard />
    </>,
  );
  const card = await screen.findByRole('region', { name: 'Who sees your moods' });
  assert.ok(await within(card).findByText('Your moods are private: only you see them.'));
  const share = within(card).getByRole('switch', { name: 'Share my moods for matching' });
  assert.equal(share.getAttribute('aria-checked'), 'false');
  assert.match(card.textContent ?? '', /Your notes are never shared/);

  fireEvent.click(await screen.findByRole('button', { name: /Happy/ }));
  assert.equal(screen.queryByRole('switch', { name: 'Keep this mood private' }), null, 'the per-mood switch matters only while sharing is on');
  assert.ok(screen.getByText('Mood sharing is off: this mood stays private.'));
  assert.ok(screen.getByText('Only you see your note.'));
  fireEvent.click(screen.getByRole('button', { name: 'Record Mood' }));
  assert.ok(await screen.findByText('Mood recorded'));
  assert.deepEqual(posted, [{ moodTypeId: 1, intensity: 3, isPrivate: false }]);

  fireEvent.click(share);
  await waitFor(() => assert.deepEqual(privacyPatches, [{ shareMoods: true }], 'the switch changes that one setting only'));
  assert.ok(await within(card).findByText('Your moods help mood matching, except those you keep private.'));
  fireEvent.click(screen.getByRole('button', { name: /Calm/ }));
  assert.ok(await screen.findByRole('switch', { name: 'Keep this mood private' }));
});
