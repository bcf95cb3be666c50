import '../../../test/setup-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { ProfileCardView } from '../../../../contracts/views';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse } from '../../../test/fetch-stub';
import type { FamilyView, Suggestion } from '../api/family';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

/** Priya (the session) holds profile 40; her mother suggested Arjun (profile 50). */
const priya = buildSessionUser({ id: 7, fullName: 'Priya Raman', profileId: 40 });
const FIRST_LOAD_MS = 20_000;

const family: FamilyView = {
  profileId: 40,
  you: { userId: priya.id, role: 'candidate' },
  consent: 'confirmed',
  candidateFirstName: 'Priya',
  permissions: { mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: false },
  people: [
    { userId: priya.id, memberId: null, fullName: 'Priya Raman', role: 'candidate', relation: null, addedAt: '2026-11-01T00:00:00.000Z' },
    { userId: 9, memberId: 3, fullName: 'Lakshmi Raman', role: 'family', relation: 'mother', addedAt: '2026-11-01T00:00:00.000Z' },
  ],
  invitations: [],
  sharedConversations: [],
};
const arjun = {
  id: 50,
  userId: 12,
  user: { id: 12, fullName: 'Arjun Mehta', isVerified: false },
  fullName: 'Arjun Mehta',
  isVerified: false,
  age: 31,
  profession: 'Doctor',
  city: 'London',
  photos: [],
  photosBlurred: false,
  matchPercentage: null,
} as unknown as ProfileCardView;

test('liking a family suggestion is one request: the like and the suggestion marked, by the server together', async () => {
  let status: Suggestion['status'] = 'open';
  const { fetchStub } = renderApp(
    '/family',
    fakeServer({
      user: priya,
      handle: (request) => {
        const path = request.url.pathname;
        if (path === '/api/family') return jsonResponse(200, []);
        if (path === '/api/family/40') return jsonResponse(200, family);
        if (path === '/api/family/40/suggestions') {
          const suggestion: Suggestion = { id: 5, status, note: 'A doctor in London', suggestedBy: { name: 'Lakshmi Raman', relation: 'mother' }, createdAt: '2026-11-20T00:00:00.000Z', threadMessages: 0, profile: arjun };
          return jsonResponse(200, [suggestion]);
        }
        if (path === '/api/family/40/thread') return jsonResponse(200, []);
        if (path === `/api/messages/${priya.id}`) return jsonResponse(200, []);
        if (path === '/api/family/40/suggestions/5/decision' && request.method === 'POST') {
          status = 'liked';
          return jsonResponse(200, { status: 'liked', isMatch: true });
        }
        return undefined;
      },
    }),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Like Arjun Mehta' }, { timeout: FIRST_LOAD_MS }));
  await screen.findByText("It's a match!");
  await waitFor(() => assert.equal(screen.queryByRole('button', { name: 'Like Arjun Mehta' }), null));
  assert.ok(screen.getByText('Liked', { exact: true }));
  const posts = fetchStub.calls.filter((c) => c.method === 'POST');
  assert.deepEqual(posts.map((c) => [c.url.pathname, c.body]), [['/api/family/40/suggestions/5/decision', '{"decision":"like"}']]);
});

/** Lakshmi (the session) helps Priya's profile 40 as her mother; she already suggested Arjun. */
const lakshmi = buildSessionUser({ id: 9, fullName: 'Lakshmi Raman', profileId: null });
const asMother: FamilyView = { ...family, you: { userId: lakshmi.id, role: 'family' }, permissions: { ...family.permissions, mayMessage: true } };

function motherServer() {
  return fakeServer({
    user: lakshmi,
    handle: (request) => {
      const path = request.url.pathname;
      if (path === '/api/family') return jsonResponse(200, [{ profileId: 40, candidateName: 'Priya', relation: 'mother', consent: 'confirmed' }]);
      if (path === '/api/family/40') return jsonResponse(200, asMother);
      if (path === '/api/family/40/suggestions') {
        const suggestion: Suggestion = { id: 5, status: 'open', note: 'A doctor in London', suggestedBy: { name: 'Lakshmi Raman', relation: 'mother' }, createdAt: '2026-11-20T00:00:00.000Z', threadMessages: 0, profile: arjun };
        return jsonResponse(200, [suggestion]);
      }
      if (path === '/api/family/40/thread') return jsonResponse(200, []);
      if (path === `/api/messages/${priya.id}`) return jsonResponse(200, []);
      if (path === '/api/search') return jsonResponse(200, [arjun]);
      return undefined;
    },
  });
}

test('a match the family already suggested can still be liked and written to, and the matches stay open in the address', async () => {
  const { router } = renderApp('/family', motherServer());
  fireEvent.click(await screen.findByRole('button', { name: 'Find matches for Priya' }, { timeout: FIRST_LOAD_MS }));
  await screen.findByRole('button', { name: 'Like Arjun Mehta for Priya' });
  // Reload and the back button from a chat opened here come back to the open list.
  assert.equal(router.state.location.search.find, 40);
  assert.ok(screen.getByText('Suggested to Priya'));
  assert.equal(screen.queryByRole('button', { name: 'Suggest Arjun Mehta to Priya' }), null, 'suggested once is enough');
  assert.equal(screen.getByRole('link', { name: 'Write to Arjun Mehta for Priya' }).getAttribute('href'), `/family/40/chat/12`);
});
