import '../../../test/setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import type { MutualMatchView } from '../../../../contracts/views';
import { buildProfileCard } from '../../../test/build-profile-card';
import { buildSessionUser } from '../../../test/build-user';
import { type RecordedRequest, jsonResponse } from '../../../test/fetch-stub';

const { cleanupApp, fakeServer, renderApp } = await import('../../../test/render-app');

afterEach(cleanupApp);

const SLOW = { timeout: 20_000 };
const member = buildSessionUser({ id: 7, fullName: 'Priya Sharma', profileId: 70 });

const arjun = buildProfileCard({ id: 11, userId: 21, fullName: 'Arjun Mehta', location: 'London, United Kingdom' });
const dev = buildProfileCard({ id: 12, userId: 22, fullName: 'Dev Kapoor' });
const matches: MutualMatchView[] = [
  { profile: arjun, matchedAt: '2026-11-20T10:00:00.000Z', lastMessage: { content: 'Chai this weekend?', createdAt: new Date().toISOString(), senderId: 21, sentBy: null }, unreadCount: 2 },
  { profile: dev, matchedAt: new Date().toISOString(), lastMessage: null, unreadCount: 0 },
];

function server(list: MutualMatchView[] = matches) {
  return fakeServer({
    user: member,
    handle: (request: RecordedRequest) => {
      if (request.url.pathname === '/api/users/7/matches') return jsonResponse(200, list);
      if (request.url.pathname === '/api/profile-likes/7') return jsonResponse(200, [arjun, buildProfileCard({ fullName: 'Karan Sethi' })]);
      return undefined;
    },
  });
}

test('the Match tab lists mutual matches beside Liked, with the last message and a chat button', async () => {
  const { router } = renderApp('/liked-profiles', server());
  assert.ok(await screen.findByRole('heading', { name: 'Matches & Likes', level: 1 }, SLOW));
  assert.ok(await screen.findByText('Karan Sethi'), 'Liked is the first view');
  fireEvent.mouseDown(screen.getByRole('tab', { name: 'Matches (2)' }));
  const list = await screen.findByRole('list', { name: 'Your matches' });
  const rows = within(list).getAllByRole('listitem');
  assert.equal(rows.length, 2);
  assert.ok(within(rows[0]).getByText(/Chai this weekend\?/));
  assert.ok(within(rows[0]).getByText(/2/, { selector: '.match-row__unread' }));
  assert.ok(within(rows[1]).getByText(/Say hello!/));
  const chat = within(rows[0]).getByRole('link', { name: 'Chat with Arjun Mehta' });
  assert.equal(chat.getAttribute('href'), '/chat/21');
  assert.equal(within(rows[1]).getByRole('link', { name: 'Chat with Dev Kapoor' }).getAttribute('href'), '/chat/22');
  assert.equal(router.state.location.search.tab, 'matches', 'the tab is in the address, so Back and reload keep it');
});

test('?tab=matches opens Matches; with none, it says what to do', async () => {
  renderApp('/liked-profiles?tab=matches', server([]));
  assert.ok(await screen.findByText('No matches yet', {}, SLOW));
  assert.ok(screen.getByRole('link', { name: 'Browse Profiles' }));
});

test('a like family gave says so on the candidate\'s Liked list', async () => {
  const givenByFather = { ...buildProfileCard({ fullName: 'Kavya Rao' }), likedBy: 'your father' };
  renderApp(
    '/liked-profiles',
    fakeServer({
      user: member,
      handle: (request: RecordedRequest) => {
        if (request.url.pathname === '/api/users/7/matches') return jsonResponse(200, []);
        if (request.url.pathname === '/api/profile-likes/7') return jsonResponse(200, [givenByFather, arjun]);
        return undefined;
      },
    }),
  );
  const list = await screen.findByRole('list', { name: 'Liked profiles' }, SLOW);
  const [kavya, own] = within(list).getAllByRole('listitem');
  assert.ok(within(kavya).getByText('Liked by your father'));
  assert.equal(within(own).queryByText(/Liked by/), null, 'her own like carries no label');
});

test("in helper mode the Match tab is the candidate's likes, asked for as the candidate; without like permission, none", async () => {
  const vikram = buildSessionUser({ id: 9, fullName: 'Vikram Shah', profileId: null });
  const helped = (may: { like: boolean }) => [
    { profileId: 40, candidateUserId: 21, candidateName: 'Arjun', relation: 'father', consent: 'confirmed', mayShare: true, may: { edit: true, search: true, like: may.like, suggest: true, message: false, share: true } },
  ];
  const likes = [{ ...buildProfileCard({ fullName: 'Priya Raman' }), likedBy: 'you' }];
  const helperServer = (may: { like: boolean }) =>
    fakeServer({
      user: vikram,
      handle: (request: RecordedRequest) => {
        if (request.url.pathname === '/api/family') return jsonResponse(200, helped(may));
        if (request.url.pathname === '/api/profile-likes/21' && request.headers.get('X-Saathi-Acting-For') === '40') return jsonResponse(200, likes);
        return undefined;
      },
    });
  renderApp('/liked-profiles', helperServer({ like: true }));
  assert.ok(await screen.findByRole('heading', { name: 'Liked for Arjun', level: 1 }, SLOW));
  assert.ok(await screen.findByText('Liked for Arjun by you'));
  cleanupApp();
  const { fetchStub } = renderApp('/liked-profiles', helperServer({ like: false }));
  assert.ok(await screen.findByText('Arjun has not allowed family to like profiles for them.', {}, SLOW));
  assert.equal(fetchStub.callsTo('GET', '/api/profile-likes/21').length, 0);
});

/** The words of `element` that are Latin letters, once the member-written texts (names, places, messages) are taken out. */
function englishLeft(element: HTMLElement, memberTexts: string[]): string[] {
  let text = element.textContent ?? '';
  for (const own of memberTexts) text = text.split(own).join(' ');
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}

test('a member who reads Hindi sees Matches & Likes in Hindi, with no English left but names', async () => {
  const hindiReader = buildSessionUser({ id: 7, fullName: 'Priya Sharma', profileId: 70, language: 'hi' });
  renderApp(
    '/liked-profiles?tab=matches',
    fakeServer({
      user: hindiReader,
      handle: (request: RecordedRequest) => {
        if (request.url.pathname === '/api/users/7/matches') return jsonResponse(200, matches);
        if (request.url.pathname === '/api/profile-likes/7') return jsonResponse(200, [arjun]);
        return undefined;
      },
    }),
  );
  const page = (await screen.findByRole('heading', { name: 'रिश्ते और पसंद', level: 1 }, SLOW)).closest('main') as HTMLElement;
  assert.ok(screen.getByRole('tab', { name: 'रिश्ते (2)' }));
  const list = await screen.findByRole('list', { name: 'आपके रिश्ते' });
  const [withArjun, withDev] = within(list).getAllByRole('listitem');
  assert.ok(within(withArjun).getByRole('link', { name: 'Arjun Mehta से बातचीत' }));
  assert.ok(within(withArjun).getByText('एक-दूसरे को पा लिया? अपनी कहानी साझा करें'));
  assert.ok(within(withDev).getByText(/नमस्ते कहिए!/));
  const memberTexts = ['Arjun Mehta', 'Dev Kapoor', 'London, United Kingdom', 'Toronto, Canada', 'Chai this weekend?'];
  assert.deepEqual(englishLeft(page, memberTexts), [], 'the Matches tab');

  fireEvent.mouseDown(screen.getByRole('tab', { name: 'पसंद किए' }));
  const liked = await screen.findByRole('list', { name: 'पसंद की गई प्रोफ़ाइल' });
  assert.ok(within(liked).getByText(/^\d+ वर्ष · स्वयं द्वारा बनाई गई$/));
  assert.ok(within(liked).getByRole('link', { name: 'Arjun Mehta की प्रोफ़ाइल देखें' }));
  assert.ok(within(liked).getByRole('button', { name: 'Arjun Mehta को पसंद से हटाएँ' }));
  assert.deepEqual(englishLeft(page, [...memberTexts, 'Software Engineer']), [], 'the Liked tab');
});
