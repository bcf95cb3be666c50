import { atom, getDefaultStore, useAtom } from 'jotai';
import X from 'lucide-react/icons/x';
import { type PointerEvent, useEffect, useRef } from 'react';
import { cn } from './cn';
import { translate } from '../../i18n/translate';

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

interface ActiveToast extends ToastOptions {
  id: number;
}

export const TOAST_DURATION_MS = 5000;

/** Only one toast is visible at a time: a new toast replaces the current one. */
const activeToastAtom = atom<ActiveToast | null>(null);
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

/**
 * What the live region says for a toast, as one text: "Notification: " (so it is never the same text as the toast's
 * own title on the screen), its title, description and what its button does, each ended as a sentence.
 */
function announcement(t: ToastOptions): string {
  const parts = [t.title, t.description, t.action?.altText].filter((part): part is string => Boolean(part?.trim()));
  const text = parts.map((part, i) => (i < parts.length - 1 && !/[.!?।]$/.test(part.trim()) ? `${part.trim()}.` : part.trim())).join(' ');
  return translate('toast.announcement', { text });
}

/** How far down a toast is dragged before letting go dismisses it. */
const SWIPE_CLOSE_PX = 48;

/**
 * The toast on screen, one at a time, above the tab bar. Our own rather than Radix's: its toast mounts through
 * Presence (a forced style recalculation, then state set in a ref callback, so React re-renders synchronously) plus
 * a dismissable layer and an announcer portal, 120-190 ms of one task at 4x CPU when the premium welcome appears on
 * home. What it offers is here too: a polite live region, present from the start, says each toast once;
 * the toast closes after its duration, paused while pointed at, focused or the window is in the background; Escape,
 * the close button or a swipe down dismiss it; F8 moves focus to it.
 */
export function Toaster() {
  const [active, setActive] = useAtom(activeToastAtom, { store: getDefaultStore() });
  const viewport = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') viewport.current?.querySelector<HTMLElement>('.toast')?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const close = (id: number) => setActive((current) => (current?.id === id ? null : current));
  return (
    <section ref={viewport} className="toast-viewport" aria-label={translate('toast.region')}>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {active ? announcement(active) : ''}
      </p>
      {active ? <ToastCard key={active.id} toast={active} onClose={() => close(active.id)} /> : null}
    </section>
  );
}

function ToastCard({ toast: shown, onClose }: { toast: ActiveToast; onClose: () => void }) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // The time left, counted only while the toast runs (not while pointed at, focused or in a background window).
  const timer = useRef({ left: shown.duration ?? TOAST_DURATION_MS, since: 0, handle: 0, holds: new Set<string>() });
  const run = () => {
    const t = timer.current;
    if (t.holds.size > 0 || t.handle) return;
    t.since = Date.now();
    t.handle = window.setTimeout(() => closeRef.current(), t.left);
  };
  const hold = (why: string) => {
    const t = timer.current;
    t.holds.add(why);
    if (!t.handle) return;
    window.clearTimeout(t.handle);
    t.handle = 0;
    t.left = Math.max(0, t.left - (Date.now() - t.since));
  };
  const release = (why: string) => {
    timer.current.holds.delete(why);
    run();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per toast (a new toast is a new card)
  useEffect(() => {
    const onBlur = () => hold('window');
    const onFocus = () => release('window');
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    run();
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      window.clearTimeout(timer.current.handle);
    };
  }, []);

  // A swipe down: the card follows the finger, and is dismissed when let go far enough down.
  const drag = useRef<{ id: number; y: number; dy: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    drag.current = { id: event.pointerId, y: event.clientY, dy: 0 };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    d.dy = Math.max(0, event.clientY - d.y);
    event.currentTarget.style.transform = d.dy ? `translateY(${d.dy}px)` : '';
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    drag.current = null;
    if (d.dy >= SWIPE_CLOSE_PX) onClose();
    else event.currentTarget.style.transform = '';
  };

  return (
    <div
      className={cn('toast', `toast--${shown.variant ?? 'default'}`)}
      // The live region above says it; the card itself stays quiet so it is not read twice.
      role="status"
      aria-live="off"
      aria-atomic="true"
      data-state="open"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      onPointerEnter={() => hold('pointer')}
      onPointerLeave={() => release('pointer')}
      onFocus={() => hold('focus')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) release('focus');
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <div className="toast__text">
        <div className="toast__title">{shown.title}</div>
        {shown.description ? <div className="toast__description">{shown.description}</div> : null}
      </div>
      {shown.action ? (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            shown.action?.onClick();
            onClose();
          }}
        >
          {shown.action.label}
        </button>
      ) : null}
      <button type="button" className="toast__close" aria-label={translate('toast.close')} onClick={onClose}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
