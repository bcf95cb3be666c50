import { CheckCircle2, X } from 'lucide-react';

/** Confirmation that an action went through; polite, so it does not interrupt the screen reader. */
export function Notice({ message, onDismiss }: { message: string | null; onDismiss: () => void }) {
  return (
    <div role="status" className={message ? 'ops-notice' : 'ops-notice is-empty'}>
      {message ? (
        <>
          <CheckCircle2 aria-hidden="true" size={16} />
          <span className="ops-notice__text">{message}</span>
          <button type="button" className="ops-notice__dismiss" aria-label="Dismiss" onClick={onDismiss}>
            <X aria-hidden="true" size={14} />
          </button>
        </>
      ) : null}
    </div>
  );
}
