import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  icon?: LucideIcon;
  title: string;
  description?: string;
  children?: ReactNode;
}

export function EmptyState({ icon: Icon, title, description, children }: EmptyStateProps) {
  return (
    <div className="ops-empty">
      {Icon ? <Icon className="ops-empty__icon" aria-hidden="true" size={28} strokeWidth={1.5} /> : null}
      <p className="ops-empty__title">{title}</p>
      {description ? <p className="ops-empty__description">{description}</p> : null}
      {children}
    </div>
  );
}
