import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { fireEvent, screen, within } from '@testing-library/react';
import { cleanup, renderApp, reviewerUser, type StubbedFetch, stubFetch } from '../../test/render-app';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

function series(counts: (day: number) => number) {
  const start = Date.UTC(2026, 2, 1);
  return Array.from({ length: 30 }, (_, day) => ({
    date: new Date(start + day * 86_400_000).toISOString().slice(0, 10),
    count: counts(day),
  }));
}

const dashboard = {
  tiles: {
    members: 12480,
    verifiedMembers: 5321,
    pendingVerifications: 14,
    openReports: 0,
    openAppeals: 2,
    activeShares: 230,
    unhandledContact: 3,
  },
  membersByTier: { tryme: 9000, premium: 3000, elite: 480 },
  registrationsPerDay: series((day) => day % 7),
  verificationDecisionsPerDay: series(() => 2),
  verificationApprovalsPerDay: series((day) => (day % 2 === 0 ? 2 : 1)),
  verificationRejectionsPerDay: series((day) => (day % 2 === 0 ? 0 : 1)),
  shareViewsPerDay: series((day) => day),
  moodCheckInsPerDay: series(() => 0),
};

describe('dashboard', () => {
  test('tiles show each figure with its label and lead to the matching area', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/dashboard': { status: 200, body: dashboard },
    });
    renderApp('/ops');

    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    const links = within(tiles).getAllByRole('link');
    assert.deepEqual(
      links.map((link) => [link.textContent, link.getAttribute('href')]),
      [
        ['Members12,480', '/ops/members'],
        ['Verified members5,321', '/ops/members'],
        ['Pending verifications14', '/ops/verification'],
        ['Open reports0', '/ops/reports'],
        ['Open appeals2', '/ops/appeals'],
        ['Active share links230', '/ops/shares'],
        ['Unanswered messages3', '/ops/inbox'],
      ],
    );
    // Queues with work waiting stand out; an empty queue does not.
    assert.match(within(tiles).getByRole('link', { name: /Pending verifications/ }).className, /is-attention/);
    assert.doesNotMatch(within(tiles).getByRole('link', { name: /Open reports/ }).className, /is-attention/);
    assert.match(within(tiles).getByRole('link', { name: /Open appeals/ }).className, /is-attention/);

    fireEvent.click(within(tiles).getByRole('link', { name: /Pending verifications/ }));
    assert.ok(await screen.findByRole('heading', { level: 1, name: 'Verification queue' }));
  });

  test('charts are described in text for screen readers', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/dashboard': { status: 200, body: dashboard },
    });
    renderApp('/ops');

    const registrations = await screen.findByRole('region', { name: 'Registrations per day' });
    assert.ok(within(registrations).getByText('85 in 30 days'));
    assert.ok(await screen.findByRole('img', { name: 'Members by plan: Tryme 9,000, Premium 3,000, Elite 480.' }));
    assert.ok(screen.getByRole('img', { name: /Share-link views per day: 435 in the last 30 days, most on 30 Mar \(29\)/ }));
    assert.ok(screen.getByRole('img', { name: 'Verification decisions per day: 45 approved and 15 rejected in the last 30 days.' }));
  });

  test('a chart with nothing to show says so instead of drawing empty axes', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/dashboard': { status: 200, body: dashboard },
    });
    renderApp('/ops');
    const moods = await screen.findByRole('region', { name: 'Mood check-ins per day' });
    assert.ok(within(moods).getByText('Nothing yet in the last 30 days.'));
    assert.equal(within(moods).queryByRole('img'), null);
    assert.equal(within(await screen.findByRole('region', { name: 'Registrations per day' })).queryByText(/Nothing yet/), null);
  });

  test('a failure to load is explained', async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/dashboard': { status: 500, body: { message: 'Something went wrong on our side' } },
    });
    renderApp('/ops');

    const alert = await screen.findByRole('alert');
    assert.ok(within(alert).getByText('The dashboard could not be loaded'));
    assert.ok(within(alert).getByText('Something went wrong on our side'));
  });

  test("a server failure carries the short reference of the server's log line", async () => {
    fetchStub = stubFetch({
      'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
      'GET /api/ops/dashboard': { status: 500, body: { message: 'Something went wrong. Please try again later.', code: 'internal_error', errorId: '3f2a9c1e-5b7d-4e21-9a0c-12ab34cd56ef' } },
    });
    renderApp('/ops');
    const alert = await screen.findByRole('alert');
    assert.ok(within(alert).getByText('Something went wrong. Please try again later. Reference: 3f2a9c1e'));
  });
});
