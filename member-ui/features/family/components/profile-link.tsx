import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function ProfileLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <Link to="/profile/$id" params={{ id: String(id) }} className="family__link">
      {children}
    </Link>
  );
}
