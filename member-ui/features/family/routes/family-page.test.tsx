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
