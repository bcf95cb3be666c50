import type { ReactNode } from 'react';

/** The filter row above a table. */
export function Toolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ops-toolbar" role="search" aria-label={label}>
      {children}
    </div>
  );
}

export function ToolbarSpacer() {
  return <div className="ops-toolbar__spacer" />;
}
