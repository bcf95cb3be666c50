import '../../test/setup-dom';
import { act, cleanup, render, screen } from '@testing-library/react';
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
