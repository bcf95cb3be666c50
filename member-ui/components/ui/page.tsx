import type { ReactNode } from 'react';
import { cn } from './cn';

/** Standard screen body: a titled section inside the mobile column. */
export function Page({
  title,
  subtitle,
  children,
  className,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn('page', className)} aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title" className="page__title">
          {title}
        </h1>
        {subtitle ? <p className="page__subtitle">{subtitle}</p> : null}
      </header>
      {children}
    </section>
  );
}

/** Body for screens whose full build is scheduled in later work. */
export function ScreenPlaceholder({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Page title={title} subtitle={subtitle}>
      <div className="card placeholder-card">
        <p>This screen is being prepared. Check back soon.</p>
      </div>
    </Page>
  );
}
