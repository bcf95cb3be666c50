import type { ReactNode } from 'react';
import { cn } from './cn';

export type BadgeTone = 'maroon' | 'saffron' | 'gold' | 'neutral' | 'success';

export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={cn('badge', `badge--${tone}`, className)}>{children}</span>;
}

/** Small red counter pinned to an icon; renders nothing for an empty label. */
export function CountBadge({ label, description }: { label: string | null; description: string }) {
  if (!label) return null;
  return (
    <span className="count-badge" role="img" aria-label={description}>
      {label}
    </span>
  );
}
