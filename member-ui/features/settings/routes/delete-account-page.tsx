import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import LogIn from 'lucide-react/icons/log-in';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { type FormEvent, useState } from 'react';
import { DELETE_PHRASE } from '../../../../contracts/messaging';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { sessionQueryKey, useSessionUser } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';
import type { MessageId } from '../../../i18n/catalogue';

const CONSEQUENCES: readonly MessageId[] = [
  'deleteAccount.anonymised',
  'deleteAccount.removedFromSearch',
  'deleteAccount.subscriptionsCancelled',
  'deleteAccount.messagesDeleted',
  'deleteAccount.photosHidden',
];

/**
 * The phrase in the app's language (what the page asks for) or in English (a member whose keyboard has no Devanagari
 * or Tamil letters), ignoring case and surrounding spaces.
 */
export function isDeletePhrase(text: string): boolean {
  const typed = text.trim().toLowerCase();
  return typed === DELETE_PHRASE || typed === translate('deleteAccount.phrase').toLowerCase();
}

/** /delete-account: phrase, then password, then the account is gone. */
export function DeleteAccountPage() {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const router = useRouter();
  const deletion = useDeleteAccount();
  const [step, setStep] = useState<1 | 2>(1);
  const [phrase, setPhrase] = useState('');
  const [password, setPassword] = useState('');
  const t = useT();
  const shownPhrase = t('deleteAccount.phrase');

  if (!user) {
    return (
      <section className="page delete-account" aria-labelledby="page-title">
        <div className="settings-card delete-account__signed-out">
          <LogIn size={32} aria-hidden="true" />
          <h1 id="page-title" className="page__title">
            {t('deleteAccount.loginRequired')}
          </h1>
          <p className="setting-row__description">{t('deleteAccount.loginRequiredText')}</p>
          <Button asChild>
            <Link to="/login" search={{ redirectTo: '/delete-account' }}>
              {t('deleteAccount.login')}
            </Link>
          </Button>
        </div>
      </section>
    );
  }

  function proceed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isDeletePhrase(phrase)) {
      toast({
        title: translate('deleteAccount.wrongPhrase'),
        description: translate('deleteAccount.wrongPhraseText', { phrase: shownPhrase }),
        variant: 'destructive',
      });
      return;
    }
    setStep(2);
  }

  function confirmDeletion(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      toast({ title: translate('deleteAccount.passwordRequired'), description: translate('deleteAccount.passwordRequiredText'), variant: 'destructive' });
      return;
    }
    deletion.mutate(password, {
      onSuccess: (answer) => {
        toast({ title: translate('deleteAccount.deleted'), description: answer?.message ?? translate('deleteAccount.deletedText'), variant: 'success' });
        // The server ended the session; forget everything this tab knew about the member.
        queryClient.setQueryData(sessionQueryKey, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
        void router.navigate({ to: '/splash', replace: true });
      },
      onError: (error) => {
        if (isApiError(error)) {
          toast({
            title: translate('deleteAccount.failed'),
            description: error.serverMessage ?? translate('deleteAccount.failedText'),
            variant: 'destructive',
          });
        } else {
          toast({ title: translate('common.error'), description: translate('deleteAccount.technical'), variant: 'destructive' });
        }
      },
    });
  }

  return (
    <section className="page delete-account" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {t('deleteAccount.title')}
        </h1>
        <p className="page__subtitle">{t('deleteAccount.step', { step })}</p>
      </header>
      <div className="delete-account__warning" role="note" aria-labelledby="delete-warning-title">
        <p id="delete-warning-title" className="delete-account__warning-title">
          <TriangleAlert size={18} aria-hidden="true" />
          {t('deleteAccount.cannotUndo')}
        </p>
        <p>{t('deleteAccount.whenYouDelete')}</p>
        <ul className="delete-account__list">
          {CONSEQUENCES.map((item) => (
            <li key={item}>{t(item)}</li>
          ))}
        </ul>
      </div>

      {step === 1 ? (
        <form className="settings-card form" onSubmit={proceed} noValidate>
          <TextField
            label={t('deleteAccount.typePhrase', { phrase: shownPhrase })}
            name="confirmation"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={shownPhrase}
            value={phrase}
            onChange={(event) => setPhrase(event.target.value)}
          />
          <div className="delete-account__actions">
            <Button asChild variant="outline">
              <Link to="/profile">{t('common.cancel')}</Link>
            </Button>
            <Button type="submit" className="delete-account__danger">
              {t('deleteAccount.proceed')}
            </Button>
          </div>
        </form>
      ) : (
        <form className="settings-card form" onSubmit={confirmDeletion} noValidate>
          <TextField
            label={t('deleteAccount.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint={t('deleteAccount.passwordHint')}
          />
          <div className="delete-account__actions delete-account__actions--stacked">
            <Button variant="outline" onClick={() => setStep(1)} disabled={deletion.isPending}>
              {t('deleteAccount.back')}
            </Button>
            <Button type="submit" className="delete-account__danger" disabled={deletion.isPending}>
              {deletion.isPending ? t('deleteAccount.processing') : t('deleteAccount.deleteForever')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
