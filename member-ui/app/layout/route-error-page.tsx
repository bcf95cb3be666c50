import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/use-t';

/** Shown when a route fails to load (network down while checking the session, chunk load failure). */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const t = useT();
  return (
    <section className="state-screen" role="alert">
      <CircleAlert className="state-screen__icon" size={48} aria-hidden="true" />
      <h1 className="state-screen__title">{t('error.title')}</h1>
      <p className="state-screen__text">{error instanceof Error ? error.message : t('error.tryAgainText')}</p>
      <Button
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        {t('error.tryAgain')}
      </Button>
    </section>
  );
}
