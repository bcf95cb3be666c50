import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { translate } from '../../../i18n/translate';

export function HomeSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="home-section__header">
        <h2 id={id} className="home-section__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

export function SectionError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="home-section__error" role="alert">
      <span>{text}</span>
      <Button size="sm" variant="ghost" onClick={onRetry}>
        {translate('common.retry')}
      </Button>
    </div>
  );
}
