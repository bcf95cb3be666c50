import '../../test/setup-dom';
import { act, cleanup, render, screen } from '@testing-library/react';
import * as esbuild from 'esbuild';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
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

test("Radix's toast is not start-up code: the toast module loads it only when a toast is first shown", async () => {
  const outdir = path.join(os.tmpdir(), 'saathi-toast-split');
  const built = await esbuild.build({
    entryPoints: [path.join(import.meta.dirname, 'toast.tsx')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = built.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint);
  assert.ok(entry);
  const staticClosure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of outputs[file].imports) if (imp.kind === 'import-statement') staticClosure(imp.path, seen);
    return seen;
  };
  const inputsOf = (files: Iterable<string>) => [...files].flatMap((file) => Object.keys(outputs[file].inputs));
  const startUp = inputsOf(staticClosure(entry));
  assert.deepEqual(startUp.filter((input) => input.includes('@radix-ui/react-toast')), []);
  assert.ok(inputsOf(Object.keys(outputs)).some((input) => input.includes('@radix-ui/react-toast')), 'the toast view is still in the build, apart');
});
