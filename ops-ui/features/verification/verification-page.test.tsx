import '../../test/setup-dom';
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cleanup, renderApp, reviewerUser, type StubbedFetch, stubFetch } from '../../test/render-app';

let fetchStub: StubbedFetch | undefined;

afterEach(() => {
  cleanup();
  fetchStub?.restore();
  fetchStub = undefined;
});

function pendingRequest(id: number, fullName: string, username: string) {
  return {
    id,
    status: 'pending',
    documentType: 'passport',
    createdAt: '2026-03-01T09:30:00.000Z',
    decidedAt: null,
    rejectionReason: null,
    user: { id: 100 + id, fullName, username, email: `${username}@example.test` },
    selfieUrl: `/media/photos/${'a'.repeat(31)}${id}.jpg`,
    documentUrl: `/media/photos/${'b'.repeat(31)}${id}.jpg`,
    profilePhotos: [`/media/photos/${'c'.repeat(31)}${id}.jpg`, `/media/photos/${'d'.repeat(31)}${id}.jpg`],
  };
}

const queue = {
  items: [pendingRequest(7, 'Priya Sharma', 'priya.s'), pendingRequest(9, '<b>Vikram</b> Rao', 'vikram.rao')],
  total: 2,
  page: 1,
  pageSize: 25,
};

function stubQueue(extra: Record<string, { status: number; body?: unknown }> = {}): StubbedFetch {
  return stubFetch({
    'GET /api/ops/me': { status: 200, body: { user: reviewerUser } },
    'GET /api/ops/verifications': { status: 200, body: queue },
    ...extra,
  });
}

describe('verification queue', () => {
  test('opens the oldest request with selfie, ID document and profile photos side by side', async () => {
    fetchStub = stubQueue();
    renderApp('/ops/verification');

    const detail = await screen.findByRole('region', { name: 'Verification request of Priya Sharma' });
    assert.equal(within(detail).getByRole('img', { name: 'Selfie' }).getAttribute('src'), queue.items[0].selfieUrl);
    assert.equal(
      within(detail).getByRole('img', { name: 'ID document · Passport' }).getAttribute('src'),
      queue.items[0].documentUrl,
    );
    assert.equal(within(detail).getAllByRole('img', { name: /Profile photo \d of Priya Sharma/ }).length, 2);
    const list = fetchStub.requests.find((request) => request.pathname === '/api/ops/verifications');
    assert.ok(list);
    assert.equal(list.method, 'GET');

    // A member's name is text, never markup.
    fireEvent.click(screen.getByRole('button', { name: 'Review <b>Vikram</b> Rao' }));
    const second = await screen.findByRole('region', { name: 'Verification request of <b>Vikram</b> Rao' });
    assert.equal(second.querySelector('b'), null);
  });

  test('the list asks the server for pending requests, and the history tabs for decided ones', async () => {
    fetchStub = stubQueue();
    const stubbed = globalThis.fetch;
    const searches: string[] = [];
    globalThis.fetch = async (input, init) => {
      const url = new URL(new Request(input, init).url);
      if (url.pathname !== '/api/ops/verifications') return stubbed(input, init);
      searches.push(url.search);
      const body = url.searchParams.get('status') === 'pending' ? queue : { items: [], total: 0, page: 1, pageSize: 25 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    renderApp('/ops/verification');
    await screen.findByRole('region', { name: 'Verification request of Priya Sharma' });

    fireEvent.click(screen.getByRole('button', { name: 'Rejected' }));

    assert.ok(await screen.findByText('No rejected requests'));
    assert.deepEqual(searches, ['?status=pending&page=1&pageSize=25', '?status=rejected&page=1&pageSize=25']);
  });

  test('Approve posts to the approve endpoint and confirms', async () => {
    fetchStub = stubQueue({
      'POST /api/ops/verifications/7/approve': { status: 200, body: { message: 'Verification approved', id: 7 } },
    });
    renderApp('/ops/verification');
    const detail = await screen.findByRole('region', { name: 'Verification request of Priya Sharma' });

    fireEvent.click(within(detail).getByRole('button', { name: 'Approve' }));

    assert.ok(await screen.findByText(/Approved Priya Sharma/));
    const approve = fetchStub.requests.filter((request) => request.method === 'POST');
    assert.deepEqual(
      approve.map((request) => request.pathname),
      ['/api/ops/verifications/7/approve'],
    );
  });

  test('Reject needs a reason of at least 5 characters before anything is sent', async () => {
    fetchStub = stubQueue({
      'POST /api/ops/verifications/7/reject': { status: 200, body: { message: 'Verification rejected', id: 7 } },
    });
    renderApp('/ops/verification');
    const detail = await screen.findByRole('region', { name: 'Verification request of Priya Sharma' });

    fireEvent.click(within(detail).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: "Reject Priya Sharma's verification" });
    const submit = within(dialog).getByRole('button', { name: 'Reject verification' });

    fireEvent.click(submit);
    assert.ok(await within(dialog).findByText('Give the member a reason of at least 5 characters'));
    fireEvent.change(within(dialog).getByLabelText('Reason for the member'), { target: { value: 'blur' } });
    fireEvent.click(submit);
    assert.ok(await within(dialog).findByText('Give the member a reason of at least 5 characters'));
    assert.equal(fetchStub.requests.filter((request) => request.method === 'POST').length, 0);

    fireEvent.change(within(dialog).getByLabelText('Reason for the member'), {
      target: { value: '  The ID photo is blurred  ' },
    });
    fireEvent.click(submit);

    assert.ok(await screen.findByText(/Rejected Priya Sharma's verification/));
    const reject = fetchStub.requests.find((request) => request.method === 'POST');
    assert.ok(reject);
    assert.equal(reject.pathname, '/api/ops/verifications/7/reject');
    assert.deepEqual(JSON.parse(reject.bodyText), { reason: 'The ID photo is blurred' });
    await waitFor(() => assert.equal(screen.queryByRole('dialog'), null));
  });

  test('a decision the server refuses is explained inline', async () => {
    fetchStub = stubQueue({
      'POST /api/ops/verifications/7/approve': { status: 409, body: { message: 'This request was already decided' } },
    });
    renderApp('/ops/verification');
    const detail = await screen.findByRole('region', { name: 'Verification request of Priya Sharma' });

    fireEvent.click(within(detail).getByRole('button', { name: 'Approve' }));

    const alert = await within(detail).findByRole('alert');
    assert.equal(alert.textContent, 'This request was already decided');
  });
});
