import type { ReactNode } from 'react';

/** A bordered surface holding one block of page content. */
export function Panel({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <section className="ops-panel" aria-label={label}>
      {children}
    </section>
  );
}
