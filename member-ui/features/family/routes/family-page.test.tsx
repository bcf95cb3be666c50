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
  permissions: { mayEdit: true, maySearch: true, mayLike: true, mayShortlist: true, mayMessage: false, mayShare: true, mayCall: false },
  people: [
    { userId: priya.id, memberId: null, fullName: 'Priya Raman', role: 'candidate', relation: null, addedAt: '2026-11-01T00:00:00.000Z' },
    { userId: 9, memberId: 3, fullName: 'Lakshmi Raman', role: 'family', relation: 'mother', addedAt: '2026-11-01T00:00:00.000Z' },
  ],
  hiddenUntilConfirmed: false,
  consentLabel: 'Confirmed by email',
  invitations: [],
  sharedConversations: [],
  familyConversations: [],
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

function motherServer(likedByPriya: ProfileCardView[] = [], mother: FamilyView = asMother) {
  return fakeServer({
    user: lakshmi,
    handle: (request) => {
      const path = request.url.pathname;
      if (path === '/api/family') return jsonResponse(200, [{ profileId: 40, candidateUserId: priya.id, candidateName: 'Priya', relation: 'mother', consent: 'confirmed', mayShare: true, may: { edit: true, search: true, like: true, suggest: true, message: true, share: true } }]);
      if (path === '/api/family/40') return jsonResponse(200, mother);
      if (path === '/api/family/40/suggestions') {
        const suggestion: Suggestion = { id: 5, status: 'open', note: 'A doctor in London', suggestedBy: { name: 'Lakshmi Raman', relation: 'mother' }, createdAt: '2026-11-20T00:00:00.000Z', threadMessages: 0, profile: arjun };
        return jsonResponse(200, [suggestion]);
      }
      if (path === '/api/family/40/thread') return jsonResponse(200, []);
      if (path === `/api/messages/${priya.id}`) return jsonResponse(200, []);
      if (path === '/api/search') return jsonResponse(200, [arjun]);
      if (path === `/api/profile-likes/${priya.id}`) return jsonResponse(200, likedByPriya);
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
  // The matches come first on the page: the empty conversations card points up to them.
  assert.ok(screen.getByText('None yet. Write to a match from “Find matches for Priya” above; Priya’s own conversations stay private unless shared with you.'));
});

function priyaServer(status: Suggestion['status'], onRemove?: () => void) {
  return fakeServer({
    user: priya,
    handle: (request) => {
      const path = request.url.pathname;
      if (path === '/api/family') return jsonResponse(200, []);
      if (path === '/api/family/40') return jsonResponse(200, family);
      if (path === '/api/family/40/suggestions') {
        const suggestion: Suggestion = { id: 5, status, note: null, suggestedBy: { name: 'Lakshmi Raman', relation: 'mother' }, createdAt: '2026-11-20T00:00:00.000Z', threadMessages: 0, profile: arjun };
        return jsonResponse(200, [suggestion]);
      }
      if (path === '/api/family/40/thread') return jsonResponse(200, []);
      if (path === `/api/messages/${priya.id}`) return jsonResponse(200, []);
      if (path === '/api/family/40/members/3' && request.method === 'DELETE') {
        onRemove?.();
        return jsonResponse(200, { message: 'Removed' });
      }
      return undefined;
    },
  });
}

test('removing a family member is asked once more, then says they are signed out', async () => {
  let removed = 0;
  renderApp('/family', priyaServer('open', () => (removed += 1)));
  fireEvent.click(await screen.findByRole('button', { name: 'Remove Lakshmi Raman' }, { timeout: FIRST_LOAD_MS }));
  const ask = screen.getByRole('group', { name: 'Remove Lakshmi Raman?' });
  assert.match(ask.textContent ?? '', /signed out at once/);
  assert.equal(removed, 0, 'nothing removed on the first click');
  fireEvent.click(screen.getByRole('button', { name: 'Keep Lakshmi' }));
  assert.equal(screen.queryByRole('group', { name: 'Remove Lakshmi Raman?' }), null);
  fireEvent.click(screen.getByRole('button', { name: 'Remove Lakshmi Raman' }));
  fireEvent.click(screen.getByRole('button', { name: 'Yes, remove Lakshmi' }));
  await screen.findByText('Lakshmi Raman is removed and signed out.');
  assert.equal(removed, 1);
});

test('a dismissed suggestion offers to like or discuss it, not to dismiss it again', async () => {
  renderApp('/family', priyaServer('dismissed'));
  await screen.findByRole('button', { name: 'Like Arjun Mehta' }, { timeout: FIRST_LOAD_MS });
  assert.ok(screen.getByRole('button', { name: 'Discuss Arjun Mehta' }));
  assert.equal(screen.queryByRole('button', { name: 'Dismiss Arjun Mehta' }), null);
  assert.ok(screen.getByText('Dismissed', { exact: true }));
});

test('a conversation family wrote in is said to be read by the family, with no share box that would pretend to hide it', async () => {
  const dev = { ...arjun, id: 51, userId: 13, fullName: 'Dev Shah' };
  const row = (other: { userId: number; fullName: string }) => ({
    otherUser: { id: other.userId, fullName: other.fullName },
    profile: { id: null, photos: [] },
    lastMessage: { content: 'Namaste', createdAt: '2026-11-20T00:00:00.000Z', senderId: other.userId, sentBy: null },
    unreadCount: 0,
  });
  renderApp(
    '/family',
    fakeServer({
      user: priya,
      handle: (request) => {
        const path = request.url.pathname;
        if (path === '/api/family') return jsonResponse(200, []);
        if (path === '/api/family/40') return jsonResponse(200, { ...family, familyConversations: [arjun.userId] });
        if (path === '/api/family/40/suggestions' || path === '/api/family/40/thread') return jsonResponse(200, []);
        if (path === `/api/messages/${priya.id}`) return jsonResponse(200, [row(arjun), row(dev)]);
        return undefined;
      },
    }),
  );
  await screen.findByRole('checkbox', { name: 'With Dev Shah' }, { timeout: FIRST_LOAD_MS });
  assert.equal(screen.queryByRole('checkbox', { name: /With Arjun Mehta/ }), null);
  assert.ok(screen.getByText(/your family wrote here for you, so they read it/));
});

test('once family work together, the shortlist comes first and who may do what after it; before, inviting comes first', async () => {
  renderApp('/family', priyaServer('open'));
  await screen.findByRole('button', { name: 'Like Arjun Mehta' }, { timeout: FIRST_LOAD_MS });
  const titles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  assert.deepEqual(titles().slice(0, 2), ['Suggested by your family', 'Family thread']);
  assert.ok(titles().indexOf('People of this profile') > titles().indexOf('Family thread'));
  cleanupApp();

  const alone: FamilyView = { ...family, consent: 'self', people: family.people.filter((p) => p.role === 'candidate') };
  renderApp('/family', fakeServer({ user: priya, handle: (request) => (request.url.pathname === '/api/family/40' ? jsonResponse(200, alone) : priyaServer('open')(request)) }));
  await screen.findByRole('heading', { name: 'People of this profile' }, { timeout: FIRST_LOAD_MS });
  assert.equal(titles()[0], 'People of this profile');
});

test('after a reload, a match Priya likes already is not offered to like again', async () => {
  renderApp('/family?find=40', motherServer([arjun]));
  await screen.findByText('Priya likes them already', {}, { timeout: FIRST_LOAD_MS });
  assert.equal(screen.queryByRole('button', { name: 'Like Arjun Mehta for Priya' }), null);
  assert.ok(screen.getByRole('link', { name: 'Write to Arjun Mehta for Priya' }));
});

test('two permissions toggled one after the other both stay as set while the first is saved and read back before the second', async () => {
  // The server applies each change as it arrives; the second answer is held back until the end.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let permissions = { ...family.permissions };
  let patches = 0;
  const { fetchStub } = renderApp(
    '/family',
    fakeServer({
      user: priya,
      handle: async (request) => {
        if (request.url.pathname === '/api/family/40') return jsonResponse(200, { ...family, permissions });
        if (request.url.pathname === '/api/family/40/permissions' && request.method === 'PATCH') {
          const change = JSON.parse(request.body);
          if (++patches === 2) await held;
          permissions = { ...permissions, ...change };
          return jsonResponse(200, { message: 'Saved' });
        }
        return priyaServer('open')(request);
      },
    }),
  );
  const edit = (await screen.findByRole('checkbox', { name: 'Edit my profile' }, { timeout: FIRST_LOAD_MS })) as HTMLInputElement;
  const write = screen.getByRole('checkbox', { name: 'Write to members as my family' }) as HTMLInputElement;
  const reads = () => fetchStub.callsTo('GET', '/api/family/40').length;
  const before = reads();
  fireEvent.click(edit);
  fireEvent.click(write);
  // The first change saved and the family read again (without the second, still on its way).
  await waitFor(() => assert.ok(reads() > before, 'the family is read again after the first change'));
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(edit.checked, false);
  assert.equal(write.checked, true, 'the second toggle is not put back by the first one\'s answer');
  release();
  await waitFor(() => assert.equal(permissions.mayMessage, true));
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(edit.checked, false);
  assert.equal(write.checked, true);
});

/** What Lakshmi and Priya did on Priya's profile, as the activity list returns it to `asker`. */
const activity = (you: boolean) => {
  const mother = { userId: lakshmi.id, name: 'Lakshmi Raman', relation: 'mother', you, candidate: false };
  const herself = { userId: priya.id, name: 'Priya Raman', relation: null, you: !you, candidate: true };
  const arjun = { userId: 77, profileId: 70, firstName: 'Arjun' };
  const at = new Date().toISOString();
  return [
    { id: 6, action: 'permissions', fields: ['mayEdit:off', 'mayMessage:on'], by: herself, subject: null, createdAt: at },
    { id: 5, action: 'decide', fields: ['discussing'], by: herself, subject: arjun, createdAt: at },
    { id: 4, action: 'message', fields: [], by: mother, subject: arjun, createdAt: at },
    { id: 3, action: 'like', fields: [], by: mother, subject: null, createdAt: at },
    { id: 2, action: 'edit', fields: ['city', 'profession'], by: mother, subject: null, createdAt: at },
    { id: 1, action: 'edit', fields: ['photoIds'], by: mother, subject: null, createdAt: at },
  ];
};

test("the candidate's Family page lists what she and her family did on the profile, with who did it", async () => {
  renderApp(
    '/family',
    fakeServer({
      user: priya,
      handle: (request) => {
        const path = request.url.pathname;
        if (path === '/api/family') return jsonResponse(200, []);
        if (path === '/api/family/40') return jsonResponse(200, family);
        if (path === '/api/family/40/activity') return jsonResponse(200, activity(false));
        if (path === '/api/family/40/suggestions' || path === '/api/family/40/thread' || path === `/api/messages/${priya.id}`) return jsonResponse(200, []);
        return undefined;
      },
    }),
  );
  const list = await screen.findByRole('list', { name: 'Profile activity' }, { timeout: FIRST_LOAD_MS });
  assert.deepEqual(
    [...list.querySelectorAll('li > span')].map((item) => item.textContent),
    [
      'You let family write to members; stopped family: edit',
      'You chose to talk about Arjun',
      'Your mother wrote to Arjun',
      'Your mother liked a member',
      'Your mother changed city and profession',
      'Your mother changed photos',
    ],
  );
  assert.equal(screen.getAllByRole('link', { name: 'Arjun' })[0].getAttribute('href'), '/profile/70', 'the member it was about opens');
  assert.equal(screen.queryByRole('link', { name: /Edit Priya's profile/ }), null, 'the candidate edits from their own profile page');
});

test("a helper the candidate lets edit is led to the candidate's editor; without the permission there is no way in", async () => {
  renderApp('/family', motherServer());
  const edit = await screen.findByRole('link', { name: "Edit Priya's profile" }, { timeout: FIRST_LOAD_MS });
  assert.equal(edit.getAttribute('href'), '/family/40/edit');
  cleanupApp();
  renderApp('/family', motherServer([], { ...asMother, permissions: { ...asMother.permissions, mayEdit: false } }));
  await screen.findByRole('heading', { name: "Activity on Priya's profile" }, { timeout: FIRST_LOAD_MS });
  assert.equal(screen.queryByRole('link', { name: "Edit Priya's profile" }), null);
});
