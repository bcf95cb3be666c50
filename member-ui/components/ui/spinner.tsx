import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from './cn';

export function Spinner({ size = 20, className }: { size?: number; className?: string }) {
  return <LoaderCircle aria-hidden="true" size={size} className={cn('spinner', className)} />;
}

/** Centered spinner for whole-screen waits (auth state, lazy screens). */
export function FullPageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="full-page-spinner" role="status" aria-live="polite">
      <Spinner size={36} />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
