import { useQuery } from '@tanstack/react-query';
import X from 'lucide-react/icons/x';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { CallView } from '../../../../contracts/calls';
import { REPORT_REASONS } from '../../../../contracts/enums';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { addFamily, familyOptions, reportFromCall } from '../api/calls';
import type { MessageId } from '../../../i18n/catalogue';
import { translate } from '../../../i18n/translate';
import { useT } from '../../../i18n/use-t';

/** A panel over the lower half of the call (the picture stays visible above it). */
function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const id = useId();
  const t = useT();
  return (
    <section className="call-sheet" role="dialog" aria-labelledby={id}>
      <header className="call-sheet__head">
        <h2 id={id} className="call-sheet__title">
          {title}
        </h2>
        <button type="button" className="call-sheet__close" onClick={onClose} aria-label={t('calls.close')}>
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
  const t = useT();
  const inCall = new Set(call.participants.filter((p) => p.state === 'invited' || p.state === 'joined').map((p) => p.userId));
  const add = (userId: number) => {
    setAdding(userId);
    addFamily(call.id, userId)
      .then((next) => {
        onChange(next);
        onClose();
      })
      .catch((error: unknown) => toast({ title: translate('calls.addFailed'), description: failure(error, translate('calls.tryAgain')), variant: 'destructive' }))
      .finally(() => setAdding(null));
  };
  return (
    <Sheet title={t('calls.family.title')} onClose={onClose}>
      {options.isPending ? <p>{t('calls.family.loading')}</p> : null}
      {options.isError ? <p role="alert">{failure(options.error, t('calls.family.loadFailed'))}</p> : null}
      {options.data && !options.data.allowed ? (
        <p>{t('calls.family.notAllowed')}</p>
      ) : null}
      {options.data?.allowed && options.data.people.length === 0 ? <p>{t('calls.family.none')}</p> : null}
      <ul className="call-sheet__list">
        {options.data?.people.map((person) => (
          <li key={person.userId} className="call-sheet__row">
            <span>{person.name}</span>
            {inCall.has(person.userId) ? (
              <span className="call-sheet__hint">{t('calls.family.inCall')}</span>
            ) : (
              <Button size="sm" onClick={() => add(person.userId)} disabled={!person.available || adding !== null}>
                {person.available ? (adding === person.userId ? t('calls.ringing') : t('calls.family.add')) : t('calls.family.busy')}
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
  const t = useT();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(translate('calls.report.chooseError'));
      return;
    }
    setSending(true);
    reportFromCall(call.id, { reportedUserId: who, reason, details: details.trim() || undefined })
      .then((result) => {
        toast({ title: translate('calls.report.sent'), description: result.message, variant: 'success' });
        onClose();
      })
      .catch((err: unknown) => setError(failure(err, translate('calls.report.failed'))))
      .finally(() => setSending(false));
  };
  return (
    <Sheet title={t('calls.report')} onClose={onClose}>
      <form className="form call-report" onSubmit={submit}>
        {others.length > 1 ? (
          <label className="field">
            <span className="field__label">{t('calls.report.who')}</span>
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
          <span className="field__label">{t('calls.report.reason')}</span>
          <select className="field__input" name={name} value={reason} onChange={(e) => setReason(e.target.value as typeof reason)} aria-invalid={Boolean(error)}>
            <option value="">{t('calls.report.choose')}</option>
            {REPORT_REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`calls.reason.${value}` as MessageId)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('calls.report.details')}</span>
          <textarea className="field__input field__textarea" rows={2} maxLength={2000} value={details} onChange={(e) => setDetails(e.target.value)} />
        </label>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="call-sheet__hint">{t('calls.report.hint')}</p>
        <Button type="submit" block disabled={sending}>
          {sending ? t('calls.report.sending') : t('calls.report.send')}
        </Button>
      </form>
    </Sheet>
  );
}
