import { useQuery } from '@tanstack/react-query';
import X from 'lucide-react/icons/x';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { CallView } from '../../../../contracts/calls';
import { REPORT_REASONS } from '../../../../contracts/enums';
import { REPORT_REASON_LABELS } from '../../../components/profile/labels';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { addFamily, familyOptions, reportFromCall } from '../api/calls';

/** A panel over the lower half of the call (the picture stays visible above it). */
function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <section className="call-sheet" role="dialog" aria-labelledby={id}>
      <header className="call-sheet__head">
        <h2 id={id} className="call-sheet__title">
          {title}
        </h2>
        <button type="button" className="call-sheet__close" onClick={onClose} aria-label="Close">
          <X size={20} aria-hidden="true" />
        </button>
      </header>
      <div className="call-sheet__body">{children}</div>
    </section>
  );
}

const failure = (error: unknown, fallback: string) => (isApiError(error) && error.serverMessage) || fallback;

/** "Add family": the member's family they allowed to join calls, each rung into the call on their side. */
export function FamilySheet({ call, onClose, onChange }: { call: CallView; onClose: () => void; onChange: (call: CallView) => void }) {
  const options = useQuery({ queryKey: ['call-family', call.id], queryFn: () => familyOptions(call.id), staleTime: 0 });
  const [adding, setAdding] = useState<number | null>(null);
  const inCall = new Set(call.participants.filter((p) => p.state === 'invited' || p.state === 'joined').map((p) => p.userId));
  const add = (userId: number) => {
    setAdding(userId);
    addFamily(call.id, userId)
      .then((next) => {
        onChange(next);
        onClose();
      })
      .catch((error: unknown) => toast({ title: 'Could not add them', description: failure(error, 'Please try again'), variant: 'destructive' }))
      .finally(() => setAdding(null));
  };
  return (
    <Sheet title="Add family to the call" onClose={onClose}>
      {options.isPending ? <p>Loading your family…</p> : null}
      {options.isError ? <p role="alert">{failure(options.error, 'Could not load your family')}</p> : null}
      {options.data && !options.data.allowed ? (
        <p>Family join your calls only when you allow it: turn on “Join my video calls when I add them” on the Family page.</p>
      ) : null}
      {options.data?.allowed && options.data.people.length === 0 ? <p>No family members help with your profile yet.</p> : null}
      <ul className="call-sheet__list">
        {options.data?.people.map((person) => (
          <li key={person.userId} className="call-sheet__row">
            <span>{person.name}</span>
            {inCall.has(person.userId) ? (
              <span className="call-sheet__hint">In the call</span>
            ) : (
              <Button size="sm" onClick={() => add(person.userId)} disabled={!person.available || adding !== null}>
                {person.available ? (adding === person.userId ? 'Ringing…' : 'Add') : 'On another call'}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Sheet>
  );
}

/** Report someone in the call; the report carries the call's time and length (the server adds them). */
export function ReportSheet({ call, onClose }: { call: CallView; onClose: () => void }) {
  const others = call.participants.filter((p) => p.userId !== call.you.userId);
  const [who, setWho] = useState(others.find((p) => p.role === 'member')?.userId ?? others[0]?.userId ?? 0);
  const [reason, setReason] = useState<(typeof REPORT_REASONS)[number] | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const name = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason for the report');
      return;
    }
    setSending(true);
    reportFromCall(call.id, { reportedUserId: who, reason, details: details.trim() || undefined })
      .then((result) => {
        toast({ title: 'Report submitted', description: result.message, variant: 'success' });
        onClose();
      })
      .catch((err: unknown) => setError(failure(err, 'Could not send the report')))
      .finally(() => setSending(false));
  };
  return (
    <Sheet title="Report" onClose={onClose}>
      <form className="form call-report" onSubmit={submit}>
        {others.length > 1 ? (
          <label className="field">
            <span className="field__label">Who</span>
            <select className="field__input" value={who} onChange={(e) => setWho(Number(e.target.value))}>
              {others.map((p) => (
                <option key={p.userId} value={p.userId}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="field">
          <span className="field__label">Reason</span>
          <select className="field__input" name={name} value={reason} onChange={(e) => setReason(e.target.value as typeof reason)} aria-invalid={Boolean(error)}>
            <option value="">Choose a reason</option>
            {REPORT_REASONS.map((value) => (
              <option key={value} value={value}>
                {REPORT_REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Details (optional)</span>
          <textarea className="field__input field__textarea" rows={2} maxLength={2000} value={details} onChange={(e) => setDetails(e.target.value)} />
        </label>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="call-sheet__hint">The report includes when this call started and how long it lasted. Our safety team reviews it confidentially.</p>
        <Button type="submit" block disabled={sending}>
          {sending ? 'Sending…' : 'Send report'}
        </Button>
      </form>
    </Sheet>
  );
}
