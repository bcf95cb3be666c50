import type { ReactNode } from 'react';

/** A titled block of a record's page: "Reports about Asha (3)". */
export function Section({ title, count, actions, children, wide = false }: { title: string; count?: number; actions?: ReactNode; children: ReactNode; wide?: boolean }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className={wide ? 'ops-section ops-section--wide' : 'ops-section'} aria-labelledby={id}>
      <header className="ops-section__header">
        <h2 id={id} className="ops-section__title">
          {title}
          {count !== undefined ? <span className="ops-section__count"> ({count.toLocaleString('en')})</span> : null}
        </h2>
        {actions ? <div className="ops-section__actions">{actions}</div> : null}
      </header>
      <div className="ops-section__body">{children}</div>
    </section>
  );
}

/** Label/value pairs of a record, laid out in a grid that wraps on narrow screens. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="ops-fact-grid">
      {items.map(([label, value]) => (
        <div key={label} className="ops-fact-grid__item">
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
