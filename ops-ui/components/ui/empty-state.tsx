import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: LucideIcon;
  title: string;
  description?: string;
  /** A full-page state (not found, no access) makes its title the page's h1. */
  titleAs?: 'p' | 'h1';
  children?: ReactNode;
}

export function EmptyState({ icon: Icon, title, description, titleAs: Title = 'p', children }: EmptyStateProps) {
  return (
    <div className="ops-empty">
      {Icon ? <Icon className="ops-empty__icon" aria-hidden="true" size={28} strokeWidth={1.5} /> : null}
      <Title className="ops-empty__title">{title}</Title>
      {description ? <p className="ops-empty__description">{description}</p> : null}
      {children}
    </div>
  );
}
