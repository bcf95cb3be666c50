import type { ReactNode } from 'react';

export interface AlertProps {
  tone?: 'danger' | 'warning' | 'info';
  title?: string;
  children: ReactNode;
}

/** A message the user must notice; announced by screen readers as it appears. */
export function Alert({ tone = 'danger', title, children }: AlertProps) {
  return (
    <div role="alert" className={`ops-alert ops-alert--${tone}`}>
      {title ? <p className="ops-alert__title">{title}</p> : null}
      <div className="ops-alert__body">{children}</div>
    </div>
  );
}
