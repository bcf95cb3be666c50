import { getDefaultStore, useAtom } from 'jotai';
import X from 'lucide-react/icons/x';
import * as Toast from 'radix-ui/toast';
import { cn } from './cn';
import { activeToastAtom, TOAST_DURATION_MS } from './toast';

/** The toast on screen (see Toaster in ./toast, which loads this module when it is first needed). */
export function ToastView() {
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
