import { atom, getDefaultStore, useAtom } from 'jotai';
import X from 'lucide-react/icons/x';
import * as Toast from 'radix-ui/toast';
import { cn } from './cn';

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

export function Toaster() {
  const [active, setActive] = useAtom(activeToastAtom, { store: getDefaultStore() });
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="down" label="Notification">
      {active ? (
        <Toast.Root
          key={active.id}
          duration={active.duration}
          className={cn('toast', `toast--${active.variant ?? 'default'}`)}
          onOpenChange={(open) => {
            if (!open) setActive((current) => (current?.id === active.id ? null : current));
          }}
        >
          <div className="toast__text">
            <Toast.Title className="toast__title">{active.title}</Toast.Title>
            {active.description ? (
              <Toast.Description className="toast__description">{active.description}</Toast.Description>
            ) : null}
          </div>
          {active.action ? (
            <Toast.Action className="toast__action" altText={active.action.altText} onClick={active.action.onClick}>
              {active.action.label}
            </Toast.Action>
          ) : null}
          <Toast.Close className="toast__close" aria-label="Close">
            <X size={16} aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
