import {
  BadgeCheck,
  Flag,
  HeartHandshake,
  Inbox,
  LayoutDashboard,
  Link2,
  Scale,
  type LucideIcon,
  ScrollText,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';
import type { OpsUser } from '../../features/auth/api/ops-session';
import { paths } from '../../lib/paths';
import { AREAS, type AreaId } from '../../lib/areas';
import { Link, normalizePathname } from '../routing/router';

const AREA_ICONS: Record<AreaId, LucideIcon> = {
  dashboard: LayoutDashboard,
  verification: BadgeCheck,
  stories: HeartHandshake,
  shares: Link2,
  reports: Flag,
  appeals: Scale,
  members: Users,
  inbox: Inbox,
  audit: ScrollText,
  reviewers: UserCog,
};

export function Sidebar({ user, pathname }: { user: OpsUser; pathname: string }) {
  const current = normalizePathname(pathname);
  const visibleAreas = AREAS.filter((area) => !area.adminOnly || user.role === 'admin');
  return (
    <aside className="ops-sidebar">
      <div className="ops-sidebar__brand">
        <ShieldCheck aria-hidden="true" size={20} />
        <span>Saathi Ops</span>
      </div>
      <nav aria-label="Console areas">
        <ul className="ops-sidebar__list">
          {visibleAreas.map((area) => {
            const Icon = AREA_ICONS[area.id];
            const isCurrent = current === area.path;
            // A record's page (/ops/members/12) sits inside its area.
            const isWithin = area.path !== paths.dashboard && current.startsWith(`${area.path}/`);
            return (
              <li key={area.id}>
                <Link
                  to={area.path}
                  className={isCurrent || isWithin ? 'ops-sidebar__link is-current' : 'ops-sidebar__link'}
                  aria-current={isCurrent ? 'page' : isWithin ? 'true' : undefined}
                >
                  <Icon aria-hidden="true" size={16} />
                  <span>{area.title}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
