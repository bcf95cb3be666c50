import { BadgeCheck, Flag, Inbox, Link2, type LucideIcon, Scale, ShieldCheck, Users } from 'lucide-react';
import { Link } from '../../../app/routing/router';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { DashboardTiles as Tiles } from '../api/dashboard';

interface TileSpec {
  key: keyof Tiles;
  label: string;
  icon: LucideIcon;
  to: string;
  /** Work waiting for reviewers is highlighted when there is any. */
  isWorkQueue: boolean;
}

const TILES: readonly TileSpec[] = [
  { key: 'members', label: 'Members', icon: Users, to: paths.members, isWorkQueue: false },
  { key: 'verifiedMembers', label: 'Verified members', icon: ShieldCheck, to: paths.members, isWorkQueue: false },
  { key: 'pendingVerifications', label: 'Pending verifications', icon: BadgeCheck, to: paths.verification, isWorkQueue: true },
  { key: 'openReports', label: 'Open reports', icon: Flag, to: paths.reports, isWorkQueue: true },
  { key: 'openAppeals', label: 'Open appeals', icon: Scale, to: paths.appeals, isWorkQueue: true },
  { key: 'activeShares', label: 'Active share links', icon: Link2, to: paths.shares, isWorkQueue: false },
  { key: 'unhandledContact', label: 'Unanswered messages', icon: Inbox, to: paths.inbox, isWorkQueue: true },
];

export function DashboardTiles({ tiles }: { tiles: Tiles }) {
  return (
    <ul className="ops-tiles" aria-label="Key figures">
      {TILES.map((tile) => {
        const value = tiles[tile.key];
        const Icon = tile.icon;
        const needsAttention = tile.isWorkQueue && value > 0;
        return (
          <li key={tile.key}>
            <Link to={tile.to} className={needsAttention ? 'ops-tile is-attention' : 'ops-tile'}>
              <span className="ops-tile__label">
                <Icon aria-hidden="true" size={15} />
                {tile.label}
              </span>
              <span className="ops-tile__value">{formatCount(value)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
