import type { ReactNode } from 'react';

export interface BadgeProps {
  tone?: 'neutral' | 'accent' | 'success' | 'warning' | 'danger';
  children: ReactNode;
}

export function Badge({ tone = 'neutral', children }: BadgeProps) {
  return <span className={`ops-badge ops-badge--${tone}`}>{children}</span>;
}
