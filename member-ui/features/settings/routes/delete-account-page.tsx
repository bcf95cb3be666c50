import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import LogIn from 'lucide-react/icons/log-in';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { type FormEvent, useState } from 'react';
import { DELETE_PHRASE, DELETE_TEXTS } from '../../../../contracts/messaging';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { sessionQueryKey, useSessionUser } from '../../../lib/session';
import { useDeleteAccount } from '../api/delete-account';

const CONSEQUENCES = [
  'Your personal data will be anonymized',
  'Your profile will be removed from search results and matches',
  'Any active subscriptions will be cancelled with no refund',
  'Your messages and conversations will be deleted',
  'Your photos will be made inaccessible',
] as const;

const TECHNICAL_DIFFICULTIES =
  "We're experiencing some technical difficulties with your request. Please try again later or contact our support team.";

/** The phrase, ignoring case (and surrounding spaces). */
export function isDeletePhrase(text: string): boolean {
  return text.trim().toLowerCase() === DELETE_PHRASE;
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

  if (!user) {
    return (
      <section className="page delete-account" aria-labelledby="page-title">
        <div className="settings-card delete-account__signed-out">
          <LogIn size={32} aria-hidden="true" />
          <h1 id="page-title" className="page__title">
            Login Required
          </h1>
          <p className="setting-row__description">You need to be signed in to delete your account.</p>
          <Button asChild>
            <Link to="/login" search={{ redirectTo: '/delete-account' }}>
              Login
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
        title: 'Incorrect confirmation phrase',
        description: `Please type '${DELETE_PHRASE}' exactly as shown to proceed.`,
        variant: 'destructive',
      });
      return;
    }
    setStep(2);
  }

  function confirmDeletion(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      toast({ title: 'Password required', description: DELETE_TEXTS.passwordRequired, variant: 'destructive' });
      return;
    }
    deletion.mutate(password, {
      onSuccess: (answer) => {
        toast({ title: 'Account Deleted', description: answer?.message ?? DELETE_TEXTS.done, variant: 'success' });
        // The server ended the session; forget everything this tab knew about the member.
        queryClient.setQueryData(sessionQueryKey, null);
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
        void router.navigate({ to: '/splash', replace: true });
      },
      onError: (error) => {
        if (isApiError(error)) {
          toast({
            title: 'Deletion Failed',
            description: error.serverMessage ?? DELETE_TEXTS.wrongPassword,
            variant: 'destructive',
          });
        } else {
          toast({ title: 'Error', description: TECHNICAL_DIFFICULTIES, variant: 'destructive' });
        }
      },
    });
  }

  return (
    <section className="page delete-account" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          Delete Account
        </h1>
        <p className="page__subtitle">Step {step} of 2</p>
      </header>
      <div className="delete-account__warning" role="note" aria-labelledby="delete-warning-title">
        <p id="delete-warning-title" className="delete-account__warning-title">
          <TriangleAlert size={18} aria-hidden="true" />
          This cannot be undone
        </p>
        <p>When you delete your account:</p>
        <ul className="delete-account__list">
          {CONSEQUENCES.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>

      {step === 1 ? (
        <form className="settings-card form" onSubmit={proceed} noValidate>
          <TextField
            label={`Type "${DELETE_PHRASE}" to confirm`}
            name="confirmation"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={DELETE_PHRASE}
            value={phrase}
            onChange={(event) => setPhrase(event.target.value)}
          />
          <div className="delete-account__actions">
            <Button asChild variant="outline">
              <Link to="/profile">Cancel</Link>
            </Button>
            <Button type="submit" className="delete-account__danger">
              Proceed
            </Button>
          </div>
        </form>
      ) : (
        <form className="settings-card form" onSubmit={confirmDeletion} noValidate>
          <TextField
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            hint="Enter your password to confirm that it's you."
          />
          <div className="delete-account__actions delete-account__actions--stacked">
            <Button variant="outline" onClick={() => setStep(1)} disabled={deletion.isPending}>
              Go Back
            </Button>
            <Button type="submit" className="delete-account__danger" disabled={deletion.isPending}>
              {deletion.isPending ? 'Processing...' : 'Delete My Account Permanently'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
