import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function ProfileLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <Link to="/profile/$id" params={{ id: String(id) }} className="family__link">
      {children}
    </Link>
  );
}

/** A link to write to a member for the candidate, in the family's chat view. */
export function FamilyChatLink({ profileId, otherUserId, children, label }: { profileId: number; otherUserId: number; children: ReactNode; label?: string }) {
  return (
    <Link to="/family/$profileId/chat/$otherId" params={{ profileId: String(profileId), otherId: String(otherUserId) }} className="family__link" aria-label={label}>
      {children}
    </Link>
  );
}
