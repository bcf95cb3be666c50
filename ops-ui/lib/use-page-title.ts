import { useEffect } from 'react';

/** The browser tab's title for a record's page ("Asha Menon · Members · Saathi Ops"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Saathi Ops`;
  }, [title]);
}
