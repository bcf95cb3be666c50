import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildProfileView } from '../../../components/profile/build-profile-view';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';

const { renderApp, fakeServer, cleanupApp } = await import('../../../test/render-app');
const { INSIGHT_STALE_MS } = await import('../api/profile-insights');

afterEach(() => cleanupApp());

const VIEWER = 7;
const other = buildProfileView({ id: 55, userId: 30, user: { id: 30, fullName: 'Arjun Nair', isVerified: false }, fullName: 'Arjun Nair' });
const own = buildProfileView({ id: 41, userId: VIEWER });

function server(answers: Record<string, () => Response>, viewerProfileId: number | null = 41) {
  return fakeServer({
    user: buildSessionUser({ id: VIEWER, profileId: viewerProfileId }),
    handle: (request: RecordedRequest) => {
      const path = request.url.pathname;
      if (path === '/api/profiles/55') return jsonResponse(200, other);
      if (path === '/api/profiles/41') return jsonResponse(200, own);
      if (path.endsWith('/check')) return jsonResponse(200, { isLiked: false });
      return answers[path]?.();
    },
  });
}

const fullAnswers = {
  [`/api/compatibility/${VIEWER}/55`]: () =>
    jsonResponse(200, {
      overall: 67, temperament: 40, communication: 0, emotional: 15, values: 89, sign1: 'Leo', sign2: 'Aries',
      basis: {
        temperament: { kootas: ['Gana', 'Yoni'], points: 4, max: 10 },
        communication: { kootas: ['Graha Maitri', 'Vashya'], points: 0, max: 7 },
        emotional: { kootas: ['Bhakoot', 'Tara'], points: 1.5, max: 10 },
        values: { kootas: ['Varna', 'Nadi'], points: 8, max: 9 },
      },
    }),
  '/api/matches/30/mood-compatibility': () =>
    jsonResponse(200, { score: 72, details: [{ aspect: 'emotionalTone', score: 88 }, { aspect: 'energy', score: 56 }] }),
  '/api/moods/30/cultural-insight': () => jsonResponse(200, { adaptationLevel: 81, description: 'Arjun is fully adapted to life abroad.' }),
  '/api/moods/30/conversation-starters': () =>
    jsonResponse(200, { starters: ['Ask about Onam in Toronto', 'Favourite Kerala dish?', 'Cricket or football?', 'A fourth one'] }),
};

test("someone else's profile shows the four insight cards with bands, at most 3 starters and a preselecting link", async () => {
  const { queryClient } = renderApp('/profile/55', server(fullAnswers));
  const astro = await screen.findByRole('region', { name: 'Astrological Compatibility' });
  assert.ok(within(astro).getByText('Leo & Aries'));
  assert.ok(within(astro).getByRole('meter', { name: 'Communication' }));
  // A bar at 0 % says what it adds up and why it is empty.
  assert.ok(within(astro).getByText(/^Graha Maitri \+ Vashya: 0 of 7 points\. Neither Graha Maitri nor Vashya scores for your two Moon signs/));
  assert.ok(within(astro).getByText('Bhakoot + Tara: 1.5 of 10 points'));
  assert.equal(within(astro).getByRole('link', { name: 'View detailed Kundali match' }).getAttribute('href'), '/compatibility?userId=30');

  const mood = await screen.findByRole('region', { name: 'Mood Compatibility' });
  assert.ok(within(mood).getByText('72%'));
  assert.ok(within(mood).getByText('Good'), '70+ is Good');
  assert.ok(within(mood).getByRole('meter', { name: 'Energy' }));

  const cultural = await screen.findByRole('region', { name: 'Cultural Adaptation' });
  assert.ok(within(cultural).getByText('Fully Adapted'), '80+ is Fully Adapted');
  assert.ok(within(cultural).getByText('Arjun is fully adapted to life abroad.'));

  const starters = await screen.findByRole('region', { name: 'Conversation Starters' });
  assert.equal(within(starters).getAllByRole('listitem').length, 3);
  assert.equal(within(starters).queryByText('A fourth one'), null);

  const written: string[] = [];
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void written.push(text) }, configurable: true });
  fireEvent.click(within(starters).getByRole('button', { name: 'Copy: Favourite Kerala dish?' }));
  await within(starters).findByRole('button', { name: 'Copied' });
  assert.deepEqual(written, ['Favourite Kerala dish?']);

  // Cached for 10 minutes.
  const state = queryClient.getQueryCache().find({ queryKey: ['/api/matches', VIEWER, 30, 'mood-compatibility'] });
  assert.ok(state, 'the mood compatibility query is cached');
  assert.equal((state.options as { staleTime?: number }).staleTime, INSIGHT_STALE_MS);
  assert.equal(INSIGHT_STALE_MS, 600_000);
});

test('null scores, empty starters and failures render no card, quietly', async () => {
  renderApp(
    '/profile/55',
    server({
      [`/api/compatibility/${VIEWER}/55`]: () => jsonResponse(422, { message: 'Please make sure both profiles have complete astrological information.' }),
      '/api/matches/30/mood-compatibility': () => jsonResponse(200, { score: null, details: [] }),
      '/api/moods/30/cultural-insight': () => jsonResponse(200, { adaptationLevel: null, description: 'Arjun has not shared how they are settling in abroad yet.' }),
      '/api/moods/30/conversation-starters': () => jsonResponse(200, { starters: [] }),
    }),
  );
  await screen.findByRole('heading', { name: /Arjun Nair/ });
  await screen.findByRole('region', { name: 'About Me' });
  await new Promise((resolve) => setTimeout(resolve, 50));
  for (const name of ['Astrological Compatibility', 'Mood Compatibility', 'Cultural Adaptation', 'Conversation Starters']) {
    assert.equal(screen.queryByRole('region', { name }), null, name);
  }
  assert.equal(screen.queryByRole('alert'), null);
});

test('own profile: no insight requests at all', async () => {
  const { fetchStub } = renderApp('/profile/41', server(fullAnswers));
  await screen.findByRole('region', { name: 'About Me' });
  await waitFor(() => assert.ok(fetchStub.calls.some((c) => c.url.pathname === '/api/profiles/41'), 'the profile is asked for'));
  const insightCalls = fetchStub.calls.filter((c) => /compatibility|cultural-insight|conversation-starters/.test(c.url.pathname));
  assert.deepEqual(insightCalls.map((c) => c.url.pathname), []);
});

test('"Not interested" on a profile sets it aside, and the same page then offers Undo', async () => {
  const marks: number[] = [];
  renderApp(
    '/profile/55',
    server({
      '/api/not-interested': () => jsonResponse(200, marks.includes(55) ? [{ ...other, photos: [], matchPercentage: 70 }] : []),
    }),
  );
  // Mark and undo go through the same fake API; the list answers from `marks`.
  const original = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (path === '/api/not-interested' && request.method === 'POST') {
      marks.push(55);
      return jsonResponse(201, { profileId: 55, notInterested: true });
    }
    if (path === '/api/not-interested/55' && request.method === 'DELETE') {
      marks.splice(0);
      return new Response(null, { status: 204 });
    }
    return original(input, init);
  };
  try {
    fireEvent.click(await screen.findByRole('button', { name: 'Not interested in Arjun Nair' }));
    assert.ok(await screen.findByText('Arjun Nair is set aside'));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo not interested for Arjun Nair' }));
    assert.ok(await screen.findByText('Arjun Nair is back in your matches'));
    assert.ok(await screen.findByRole('button', { name: 'Not interested in Arjun Nair' }));
    assert.deepEqual(marks, []);
  } finally {
    globalThis.fetch = original;
  }
});
