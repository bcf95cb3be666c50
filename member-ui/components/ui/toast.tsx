import { atom, getDefaultStore, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; 5000 by default. */
  duration?: number;
  /** One button beside the text, e.g. Undo; pressing it also closes the toast. */
  action?: { label: string; altText: string; onClick: () => void };
}

export interface ActiveToast extends ToastOptions {
  id: number;
}

export const TOAST_DURATION_MS = 5000;

/** Only one toast is visible at a time: a new toast replaces the current one. */
export const activeToastAtom = atom<ActiveToast | null>(null);
let nextToastId = 1;

/** Show a toast from anywhere (event handlers, mutation callbacks). */
export function toast(options: ToastOptions): void {
  getDefaultStore().set(activeToastAtom, { ...options, id: nextToastId++ });
}

/** Whether a toast is on screen now (e.g. so a greeting does not replace a result the member should read). */
export function isToastActive(): boolean {
  return getDefaultStore().get(activeToastAtom) !== null;
}

export function dismissToast(): void {
  getDefaultStore().set(activeToastAtom, null);
}

// The toast's view (Radix's toast with its layers and collection: ~35 KB before compression) is not start-up code:
// its module is fetched when the first toast is shown, or once the browser is idle after the first screen, so that
// a later toast appears at once.
const loadToastView = () => import('./toast-view');
const ToastView = lazy(() => loadToastView().then((module) => ({ default: module.ToastView })));

/** The single toast slot; renders the toast view from the first toast on (until then there is nothing to show). */
export function Toaster() {
  const active = useAtomValue(activeToastAtom, { store: getDefaultStore() });
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (active) setWanted(true);
  }, [active]);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadToastView().catch(() => undefined), { timeout: 10_000 });
    return () => cancel(handle);
  }, []);
  if (!active && !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
