import '../../test/setup-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { type FetchStub, jsonResponse, stubFetch } from '../../test/fetch-stub';

const { ShareDialog, COPIED_INDICATOR_MS } = await import('./share-dialog');
const { Toaster, dismissToast } = await import('../ui/toast');
const { createAppQueryClient } = await import('../../lib/query-client');

let fetchStub: FetchStub | null = null;
afterEach(() => {
  fetchStub?.restore();
  fetchStub = null;
  act(() => dismissToast());
  cleanup();
});

function setClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(globalThis.navigator, 'clipboard', { value: { writeText }, configurable: true });
}

const activeShare = { id: 5, shareCode: 'Qm7pX2vLr9Tz4KcW8nYb1A', createdAt: '2030-03-02T10:00:00.000Z', expiresAt: '2030-03-09T10:00:00.000Z', accessCount: 3, isActive: true };

function renderDialog(open = true) {
  const queryClient = createAppQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ShareDialog profileId={41} open={open} onOpenChange={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

test('the active links list loads only while open and shows expiry and views', async () => {
  fetchStub = stubFetch(() => jsonResponse(200, { shares: [activeShare] }));
  const { rerender, queryClient } = renderDialog(false);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(fetchStub.callsTo('GET', '/api/profiles/41/shares').length, 0, 'nothing fetched while closed');
  rerender(
    <QueryClientProvider client={queryClient}>
      <ShareDialog profileId={41} open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  assert.ok(await screen.findByText('3 views'));
  assert.match(screen.getByText(/^Expires /).textContent ?? '', /2030/);
  assert.equal(fetchStub.callsTo('GET', '/api/profiles/41/shares').length, 1);
});

test('7 days is the default; Create Link posts the choice, shows the URL, and Copy shows "Copied!" for 2 s', async () => {
  const copied: string[] = [];
  setClipboard(async (text) => {
    copied.push(text);
  });
  fetchStub = stubFetch((request) => {
    if (request.method === 'POST') return jsonResponse(201, { id: 9, shareCode: 'Zk3_q-8mWvT1xYp0aBcDeF', expirationDays: 30 });
    return jsonResponse(200, { shares: [] });
  });
  renderDialog();
  assert.equal((screen.getByRole('radio', { name: '7 days' }) as HTMLInputElement).checked, true);
  assert.ok(await screen.findByText('No active links yet.'));
  fireEvent.click(screen.getByRole('radio', { name: '30 days' }));
  fireEvent.click(screen.getByRole('button', { name: 'Create Link' }));

  const link = (await screen.findByRole('textbox', { name: 'Your share link' })) as HTMLInputElement;
  assert.equal(link.value, `${window.location.origin}/shared/Zk3_q-8mWvT1xYp0aBcDeF`);
  assert.ok(screen.getByText('Share link created!'));
  const [post] = fetchStub.callsTo('POST', '/api/profiles/41/share');
  assert.deepEqual(JSON.parse(post.body), { expirationDays: 30 });

  fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
  assert.ok(await screen.findByRole('button', { name: 'Copied!' }));
  assert.deepEqual(copied, [link.value]);
  await waitFor(() => assert.ok(screen.getByRole('button', { name: 'Copy' })), { timeout: COPIED_INDICATOR_MS + 1000 });

  fireEvent.click(screen.getByRole('button', { name: 'Create Another Link' }));
  assert.ok(screen.getByRole('button', { name: 'Create Link' }), 'back at the picker');
});

test('copy failure, creation failure and list failure messages', async () => {
  setClipboard(async () => {
    throw new Error('denied');
  });
  let failCreate = false;
  fetchStub = stubFetch((request) => {
    if (request.method === 'POST') {
      return failCreate ? jsonResponse(403, { message: 'Only the owner can share this profile' }) : jsonResponse(201, { id: 9, shareCode: 'abcdefghijklmnop' });
    }
    return jsonResponse(500, { message: 'boom' });
  });
  renderDialog();
  assert.ok(await screen.findByText('Failed to fetch active shares'));
  fireEvent.click(screen.getByRole('button', { name: 'Create Link' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
  assert.ok(await screen.findByText('Copy failed'));
  assert.ok(screen.getByText('Could not copy to clipboard. Please try again.'));

  failCreate = true;
  fireEvent.click(screen.getByRole('button', { name: 'Create Another Link' }));
  fireEvent.click(screen.getByRole('button', { name: 'Create Link' }));
  assert.ok(await screen.findByText('Only the owner can share this profile'));
  assert.ok(screen.getByText('Error'));
});

test('a server failure shows its short reference for the support request; a refusal shows its message alone', async () => {
  const errorId = '3f2a9c1e-5b7d-4e21-9a0c-12ab34cd56ef';
  let answer = jsonResponse(500, { message: 'Something went wrong. Please try again later.', code: 'internal_error', errorId });
  fetchStub = stubFetch((request) => (request.method === 'POST' ? answer : jsonResponse(200, { shares: [] })));
  renderDialog();
  fireEvent.click(await screen.findByRole('button', { name: 'Create Link' }));
  assert.ok(await screen.findByText('Something went wrong. Please try again later. Reference: 3f2a9c1e'));

  act(() => dismissToast());
  answer = jsonResponse(403, { message: 'Only the owner can share this profile', code: 'forbidden', errorId });
  fireEvent.click(screen.getByRole('button', { name: 'Create Link' }));
  assert.ok(await screen.findByText('Only the owner can share this profile'));
  assert.equal(screen.queryByText(/Reference:/), null, 'a 4xx message is shown as the server wrote it');
});

test('deactivating a link calls DELETE and confirms; a failure says so', async () => {
  let shares = [activeShare];
  let failDelete = false;
  fetchStub = stubFetch((request) => {
    if (request.method === 'DELETE') {
      if (failDelete) return jsonResponse(500, { message: 'x' });
      shares = [];
      return jsonResponse(200, { message: 'Share link deactivated' });
    }
    return jsonResponse(200, { shares });
  });
  renderDialog();
  const remove = await screen.findByRole('button', { name: /^Deactivate link expiring / });
  failDelete = true;
  fireEvent.click(remove);
  assert.ok(await screen.findByText('Failed to deactivate share link'));
  failDelete = false;
  fireEvent.click(screen.getByRole('button', { name: /^Deactivate link expiring / }));
  assert.ok(await screen.findByText('Share link deactivated'));
  assert.ok(await screen.findByText('No active links yet.'));
  assert.equal(fetchStub.callsTo('DELETE', '/api/shares/5').length, 2);
});

test('each existing link shows its address with a Copy button', async () => {
  const copied: string[] = [];
  setClipboard(async (text) => {
    copied.push(text);
  });
  fetchStub = stubFetch(() => jsonResponse(200, { shares: [activeShare] }));
  renderDialog();
  const url = `${window.location.origin}/shared/Qm7pX2vLr9Tz4KcW8nYb1A`;
  assert.ok(await screen.findByText(url.replace(/^https?:\/\//, '')));
  const copy = screen.getByRole('button', { name: /^Copy link expiring/ });
  fireEvent.click(copy);
  await waitFor(() => assert.deepEqual(copied, [url]));
  assert.ok(await screen.findByText('Copied!'));
});
