import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { buildProfileView } from '../../../components/profile/build-profile-view';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';

const { renderApp, fakeServer, cleanupApp } = await import('../../../test/render-app');

afterEach(() => cleanupApp());

const SLOW = { timeout: 20_000 };
/** Vikram (no profile of his own) helps with Arjun's profile 40 (Arjun's account 21); Priya's profile is 55. */
const vikram = buildSessionUser({ id: 9, fullName: 'Vikram Shah', profileId: null });
const priya = buildProfileView({ id: 55, userId: 30, user: { id: 30, fullName: 'Priya Raman', isVerified: false }, fullName: 'Priya Raman' });
const arjun = buildProfileView({ id: 40, userId: 21, user: { id: 21, fullName: 'Arjun Shah', isVerified: false }, fullName: 'Arjun Shah' });

function helperServer(may: Partial<Record<'edit' | 'like' | 'suggest' | 'shortlist' | 'message', boolean>>, onLike?: (request: RecordedRequest) => void) {
  let liked = false;
  return fakeServer({
    user: vikram,
    handle: (request: RecordedRequest) => {
      const path = request.url.pathname;
      const acting = request.headers.get('X-Saathi-Acting-For') === '40';
      if (path === '/api/family') {
        return jsonResponse(200, [
          { profileId: 40, candidateUserId: 21, candidateTier: 'premium', candidateName: 'Arjun', relation: 'father', consent: 'confirmed', mayShare: true, may: { edit: false, search: true, like: false, suggest: false, shortlist: false, message: false, share: true, ...may } },
        ]);
      }
      if (path === '/api/profiles/55' && acting) return jsonResponse(200, priya);
      if (path === '/api/profiles/40' && acting) return jsonResponse(200, arjun);
      if (path === '/api/shortlist/40') return jsonResponse(200, []);
      // Insights answer only as Arjun (his user id in the path, the acting header): never for Vikram himself.
      if (path === '/api/compatibility/21/55' && acting) return jsonResponse(200, { overall: 71, temperament: 60, communication: 50, emotional: 40, values: 80, sign1: 'Vrishchika', sign2: 'Mesha' });
      if (path === '/api/matches/30/mood-compatibility' && acting) return jsonResponse(200, { score: 64, details: [{ aspect: 'energy', score: 64 }] });
      if (/^\/api\/(compatibility|matches|moods)\//.test(path)) return jsonResponse(403, { message: 'not for the helper himself' });
      if (path === '/api/profile-likes/21/55/check' && acting) return jsonResponse(200, { isLiked: liked, likedBy: liked ? 'you' : null });
      if (path === '/api/profile-likes' && request.method === 'POST' && acting) {
        onLike?.(request);
        liked = true;
        return jsonResponse(201, { isLiked: true, isMatch: false });
      }
      return undefined;
    },
  });
}

test("on another member's profile a helper likes for the candidate, suggests, and writes for them as allowed; no block or report", async () => {
  let body = '';
  renderApp('/profile/55', helperServer({ like: true, suggest: true, shortlist: true, message: true }, (request) => (body = request.body ?? '')));
  fireEvent.click(await screen.findByRole('button', { name: 'Like for Arjun' }, SLOW));
  assert.ok(await screen.findByText('Liked for Arjun by you'));
  assert.deepEqual(JSON.parse(body), { userId: 21, likedProfileId: 55 }, "the like is Arjun's");
  assert.ok(screen.getByRole('button', { name: 'Suggest to Arjun' }));
  assert.ok(await screen.findByRole('button', { name: "Save Priya Raman to Arjun's shortlist" }));
  assert.equal(screen.getByRole('link', { name: 'Write for Arjun' }).getAttribute('href'), '/family/40/chat/30');
  assert.equal(screen.queryByRole('button', { name: 'More actions' }), null, 'blocking and reporting stay Arjun’s');
  assert.equal(screen.queryByRole('link', { name: 'Chat' }), null, 'never as himself');
  assert.equal(screen.queryByRole('button', { name: /Not interested/ }), null);
});

test('a helper allowed none of it is told so, and offered nothing', async () => {
  renderApp('/profile/55', helperServer({}));
  assert.ok(await screen.findByText('Arjun has not allowed family to like, suggest, shortlist or write for them.', {}, SLOW));
  assert.equal(screen.queryByRole('button', { name: /Like/ }), null);
  assert.equal(screen.queryByRole('link', { name: /Write for/ }), null);
});

test("on the candidate's own profile the helper finds the editor only when allowed to edit", async () => {
  renderApp('/profile/40', helperServer({ edit: true }));
  const edit = await screen.findByRole('link', { name: "Edit Arjun's profile" }, SLOW);
  assert.equal(edit.getAttribute('href'), '/family/40/edit');
  cleanupApp();
  renderApp('/profile/40', helperServer({ edit: false }));
  await screen.findByRole('heading', { name: /^Arjun Shah/ }, SLOW);
  await waitFor(() => assert.equal(screen.queryByRole('link', { name: "Edit Arjun's profile" }), null));
});

test("on another member's profile the Kundali card and mood match are the candidate's, asked for as him", async () => {
  const { fetchStub } = renderApp('/profile/55', helperServer({}));
  const astro = await screen.findByRole('region', { name: 'Astrological Compatibility' }, SLOW);
  assert.ok(within(astro).getByText('Vrishchika & Mesha'), "Arjun's Moon sign with hers");
  const mood = await screen.findByRole('region', { name: 'Mood Compatibility' }, SLOW);
  assert.ok(within(mood).getAllByText('64%').length > 0);
  const asked = fetchStub.calls.filter((c) => /compatibility/.test(c.url.pathname));
  assert.ok(asked.length >= 2 && asked.every((c) => c.headers.get('X-Saathi-Acting-For') === '40'), 'every insight acts for Arjun');
  assert.ok(!asked.some((c) => c.url.pathname.startsWith(`/api/compatibility/${vikram.id}/`)), "never the father's own");
});

test("on the candidate's own profile the helper is shown no compatibility of his own with his son", async () => {
  const { fetchStub } = renderApp('/profile/40', helperServer({}));
  await screen.findByRole('heading', { name: /^Arjun Shah/ }, SLOW);
  await screen.findByRole('region', { name: 'About Me' }, SLOW);
  assert.equal(fetchStub.calls.filter((c) => /compatibility|cultural-insight|conversation-starters/.test(c.url.pathname)).length, 0);
  assert.equal(screen.queryByRole('region', { name: 'Astrological Compatibility' }), null);
});
