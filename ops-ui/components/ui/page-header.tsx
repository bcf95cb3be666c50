import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  description: string;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="ops-page-header">
      <div>
        <h1 className="ops-page-header__title">{title}</h1>
        <p className="ops-page-header__description">{description}</p>
      </div>
      {actions ? <div className="ops-page-header__actions">{actions}</div> : null}
    </div>
  );
}
