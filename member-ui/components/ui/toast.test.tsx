import '../../test/setup-dom';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import assert from 'node:assert/strict';
import { afterEach, test } from 'node:test';
import { dismissToast, Toaster, toast } from './toast';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

test('only one toast is visible at a time: a new one replaces the current one', async () => {
  render(<Toaster />);
  act(() => toast({ title: 'Password updated' }));
  assert.ok(await screen.findByText('Password updated'));
  act(() => toast({ title: 'Error', description: 'Failed to update privacy settings', variant: 'destructive' }));
  assert.ok(await screen.findByText('Failed to update privacy settings'));
  assert.equal(screen.queryByText('Password updated'), null);
});

test('a toast is said once by the live region, and its buttons, Escape and a swipe down close it', async () => {
  render(<Toaster />);
  const undone: string[] = [];
  act(() =>
    toast({ title: 'Priya is set aside', description: 'You will not see her in lists.', action: { label: 'Undo', altText: 'Undo setting aside', onClick: () => undone.push('priya') } }),
  );
  const card = await screen.findByRole('status');
  const region = screen.getByRole('region', { name: 'Notifications (F8)' });
  const live = region.querySelector('[aria-live="polite"]');
  assert.equal(live?.textContent, 'Notification: Priya is set aside. You will not see her in lists. Undo setting aside');
  assert.equal(card.getAttribute('aria-live'), 'off');
  fireEvent.click(within(card).getByRole('button', { name: 'Undo' }));
  assert.deepEqual(undone, ['priya']);
  assert.equal(screen.queryByRole('status'), null);
  assert.equal(live?.textContent, '');

  act(() => toast({ title: 'Saved' }));
  fireEvent.keyDown(await screen.findByRole('status'), { key: 'Escape' });
  assert.equal(screen.queryByRole('status'), null);

  act(() => toast({ title: 'Saved again' }));
  const swiped = await screen.findByRole('status');
  fireEvent.pointerDown(swiped, { pointerId: 1, button: 0, clientY: 500 });
  fireEvent.pointerMove(swiped, { pointerId: 1, clientY: 520 });
  fireEvent.pointerUp(swiped, { pointerId: 1, clientY: 520 });
  assert.ok(screen.queryByRole('status'), 'a short drag leaves it');
  fireEvent.pointerDown(swiped, { pointerId: 2, button: 0, clientY: 500 });
  fireEvent.pointerMove(swiped, { pointerId: 2, clientY: 560 });
  fireEvent.pointerUp(swiped, { pointerId: 2, clientY: 560 });
  assert.equal(screen.queryByRole('status'), null);
});

test('a toast closes after its duration, not while the member points at it', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  render(<Toaster />);
  act(() => toast({ title: 'Welcome back, Ananya!', duration: 6000 }));
  const card = screen.getByRole('status');
  act(() => t.mock.timers.tick(4000));
  fireEvent.pointerEnter(card);
  act(() => t.mock.timers.tick(10_000));
  assert.ok(screen.queryByRole('status'), 'kept while pointed at');
  fireEvent.pointerLeave(card);
  act(() => t.mock.timers.tick(1900));
  assert.ok(screen.queryByRole('status'), 'the 2 s it had left');
  act(() => t.mock.timers.tick(200));
  assert.equal(screen.queryByRole('status'), null);
});
