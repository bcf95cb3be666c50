import '../../../test/setup-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { ShortlistEntryView } from '../../../../contracts/shortlist';
import { buildProfileCard } from '../../../test/build-profile-card';
import { buildSessionUser } from '../../../test/build-user';
import { jsonResponse, type RecordedRequest } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(() => cleanupApp());

const MY_PROFILE = 70;

function entry(id: number, overrides: Partial<ShortlistEntryView> = {}): ShortlistEntryView {
  return {
    id,
    status: 'open',
    note: null,
    savedBy: { userId: 7, name: 'Priya Sharma', relation: null, isYou: true },
    createdAt: '2026-12-01T10:00:00.000Z',
    profile: buildProfileCard({ id: 100 + id, fullName: `Saved Member ${id}` }),
    ...overrides,
  };
}

/** A fake API holding the member's shortlist; saves and removals change it, as the server would. */
function shortlistServer(initial: ShortlistEntryView[], search: ReturnType<typeof buildProfileCard>[] = []) {
  let list = [...initial];
  const handle = (request: RecordedRequest) => {
    const path = request.url.pathname;
    if (path === `/api/shortlist/${MY_PROFILE}` && request.method === 'GET') return jsonResponse(200, list);
    if (path === `/api/shortlist/${MY_PROFILE}` && request.method === 'POST') {
      const body = JSON.parse(request.body) as { savedProfileId: number; note?: string };
      const card = search.find((c) => c.id === body.savedProfileId) ?? buildProfileCard({ id: body.savedProfileId });
      list = [entry(99, { note: body.note ?? null, profile: card }), ...list];
      return jsonResponse(201, { id: 99, message: 'Saved to the shortlist' });
    }
    const removal = new RegExp(`^/api/shortlist/${MY_PROFILE}/(\\d+)$`).exec(path);
    if (removal && request.method === 'DELETE') {
      list = list.filter((e) => e.id !== Number(removal[1]));
      return jsonResponse(200, { message: 'Removed from the shortlist' });
    }
    if (path === '/api/search') {
      const response = jsonResponse(200, search);
      response.headers.set('X-Total-Count', String(search.length));
      return response;
    }
    return undefined;
  };
  return fakeServer({ user: buildSessionUser({ profileId: MY_PROFILE, subscriptionTier: 'premium' }), handle });
}

test('the shortlist lists each entry with who saved it and the note; Remove takes it off', async () => {
  const { fetchStub } = renderApp(
    '/shortlist',
    shortlistServer([
      entry(1, { note: 'Lovely family, call on Sunday' }),
      entry(2, { status: 'discussing', savedBy: { userId: 8, name: 'Lakshmi Sharma', relation: 'mother', isYou: false } }),
    ]),
  );
  const list = await screen.findByRole('list', { name: 'Shortlisted profiles' });
  const first = within(within(list).getByRole('heading', { name: /Saved Member 1/ }).closest('li') as HTMLElement);
  assert.ok(first.getByText(/^Saved by you ·/));
  assert.ok(first.getByText('Lovely family, call on Sunday'));
  assert.equal(first.getByRole('link', { name: 'View Profile of Saved Member 1' }).getAttribute('href'), '/profile/101');
  const second = within(within(list).getByRole('heading', { name: /Saved Member 2/ }).closest('li') as HTMLElement);
  assert.ok(second.getByText(/^Saved by Lakshmi Sharma \(mother\) ·/));
  assert.ok(second.getByText('Discussing'), 'what the candidate decided on a family suggestion');
  assert.equal(first.queryByText('New'), null);

  fireEvent.click(first.getByRole('button', { name: 'Remove Saved Member 1 from the shortlist' }));
  await waitFor(() => assert.equal(screen.queryByRole('heading', { name: /Saved Member 1/ }), null));
  assert.equal(fetchStub.callsTo('DELETE', `/api/shortlist/${MY_PROFILE}/1`).length, 1);
  assert.ok(screen.getByRole('heading', { name: /Saved Member 2/ }));
});

test('an empty shortlist says how to fill it; a failed load says so, with Try again', async () => {
  renderApp('/shortlist', shortlistServer([]));
  assert.ok(await screen.findByRole('heading', { name: 'Nothing saved yet' }));
  assert.equal(screen.getByRole('link', { name: 'Browse Profiles' }).getAttribute('href'), '/search');
  cleanupApp();
  renderApp(
    '/shortlist',
    fakeServer({
      user: buildSessionUser({ profileId: MY_PROFILE }),
      handle: (r) => (r.url.pathname.startsWith('/api/shortlist/') ? jsonResponse(404, { message: 'Profile not found' }) : undefined),
    }),
  );
  assert.ok(await screen.findByText(/Profile not found/));
  assert.ok(screen.getByRole('button', { name: 'Try again' }));
});

test('Save on a search result opens a note, saves it with the note, and the card then says Saved', async () => {
  const arjun = buildProfileCard({ id: 41, fullName: 'Arjun Mehta' });
  const { fetchStub } = renderApp('/search', shortlistServer([], [arjun]));
  const card = within((await screen.findByRole('heading', { name: /Arjun Mehta/ })).closest('li') as HTMLElement);
  fireEvent.click(await card.findByRole('button', { name: 'Save Arjun Mehta to your shortlist' }));
  fireEvent.change(card.getByLabelText('Note (optional)'), { target: { value: '  Ask about his work in Pune  ' } });
  fireEvent.click(card.getByRole('button', { name: 'Save' }));
  assert.ok(await card.findByRole('link', { name: 'Arjun Mehta is on your shortlist: open the shortlist' }));
  const [save] = fetchStub.callsTo('POST', `/api/shortlist/${MY_PROFILE}`);
  assert.deepEqual(JSON.parse(save?.body ?? '{}'), { savedProfileId: 41, note: 'Ask about his work in Pune' });
});

test("a refused save shows the server's message in the form and keeps the note", async () => {
  const arjun = buildProfileCard({ id: 41, fullName: 'Arjun Mehta' });
  renderApp(
    '/search',
    fakeServer({
      user: buildSessionUser({ profileId: MY_PROFILE, subscriptionTier: 'premium' }),
      handle: (r) => {
        if (r.url.pathname === '/api/search') return jsonResponse(200, [arjun]);
        if (r.url.pathname === `/api/shortlist/${MY_PROFILE}` && r.method === 'GET') return jsonResponse(200, []);
        if (r.url.pathname === `/api/shortlist/${MY_PROFILE}`) return jsonResponse(409, { message: 'This profile is already on the shortlist' });
        return undefined;
      },
    }),
  );
  const card = within((await screen.findByRole('heading', { name: /Arjun Mehta/ })).closest('li') as HTMLElement);
  fireEvent.click(await card.findByRole('button', { name: 'Save Arjun Mehta to your shortlist' }));
  fireEvent.change(card.getByLabelText('Note (optional)'), { target: { value: 'Kind' } });
  fireEvent.click(card.getByRole('button', { name: 'Save' }));
  assert.ok(await card.findByText('This profile is already on the shortlist'));
  assert.equal((card.getByLabelText('Note (optional)') as HTMLTextAreaElement).value, 'Kind');
});
