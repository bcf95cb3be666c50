import '../../test/setup-dom';
import { act, cleanup, render, screen } from '@testing-library/react';
import assert from 'node:assert/strict';
import path from 'node:path';
import { afterEach, test } from 'node:test';
import { startUpInputs } from '../../test/start-up-inputs';
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

test("Radix's toast is not start-up code: the toast module loads it only when a toast is first shown", async () => {
  const { startUp, apart } = await startUpInputs(path.join(import.meta.dirname, 'toast.tsx'));
  assert.deepEqual(startUp.filter((input) => input.includes('@radix-ui/react-toast')), []);
  assert.ok(apart.some((input) => input.includes('@radix-ui/react-toast')), 'the toast view is still in the build, apart');
});
