import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import type { ReactNode } from 'react';
import { cn } from './cn';

export type AlertVariant = 'error' | 'info' | 'success';

const ICONS = { error: CircleAlert, info: Info, success: CircleCheck } as const;

export function AlertBanner({
  variant = 'error',
  title,
  children,
  className,
}: {
  variant?: AlertVariant;
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  const Icon = ICONS[variant];
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cn('alert', `alert--${variant}`, className)}>
      <Icon aria-hidden="true" size={18} className="alert__icon" />
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
