import type { ReactNode } from 'react';

/** The filter row above a table. */
export function Toolbar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <search className="ops-toolbar" aria-label={label}>
      {children}
    </search>
  );
}

export function ToolbarSpacer() {
  return <div className="ops-toolbar__spacer" />;
}
