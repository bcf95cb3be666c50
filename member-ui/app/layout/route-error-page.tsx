import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import CircleAlert from 'lucide-react/icons/circle-alert';
import { Button } from '../../components/ui/button';

/** Shown when a route fails to load (network down while checking the session, chunk load failure). */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <section className="state-screen" role="alert">
      <CircleAlert className="state-screen__icon" size={48} aria-hidden="true" />
      <h1 className="state-screen__title">Something went wrong</h1>
      <p className="state-screen__text">{error instanceof Error ? error.message : 'Please try again.'}</p>
      <Button
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try Again
      </Button>
    </section>
  );
}
