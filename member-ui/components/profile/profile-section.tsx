import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../ui/cn';
import { translate } from '../../i18n/translate';

/** A titled block of a profile: the heading names the region for assistive technology. */
export function ProfileSection({
  title,
  icon: Icon,
  action,
  children,
  className,
}: {
  title: string;
  icon?: LucideIcon;
  /** Right-aligned control in the heading row (e.g. Edit). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section className={cn('card profile-section', className)} aria-labelledby={headingId}>
      <div className="profile-section__head">
        <h2 id={headingId} className="profile-section__title">
          {Icon ? <Icon size={18} aria-hidden="true" className="profile-section__icon" /> : null}
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label/value pairs; missing values read "Not specified". */
export function DetailList({ items }: { items: Array<{ label: string; value: ReactNode | null | undefined }> }) {
  return (
    <dl className="detail-list">
      {items.map((item) => (
        <div key={item.label} className="detail-list__row">
          <dt className="detail-list__label">{item.label}</dt>
          <dd className={cn('detail-list__value', isEmpty(item.value) && 'detail-list__value--empty')}>
            {isEmpty(item.value) ? translate('profile.notSpecified') : item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function isEmpty(value: ReactNode | null | undefined): boolean {
  return value === null || value === undefined || value === '';
}
