import { AREAS, type Area, areaById } from '../../lib/areas';
import { normalizePathname } from './router';

export type RouteMatch =
  | { kind: 'area'; area: Area }
  | { kind: 'member'; area: Area; id: number }
  | { kind: 'report'; area: Area; id: number }
  | { kind: 'appeal'; area: Area; id: number }
  | { kind: 'not-found' };

const DETAIL = /^\/ops\/(members|reports|appeals)\/([1-9][0-9]{0,9})$/;

/** Maps a pathname to one of the console's areas, a record's page inside one, or the not-found view. */
export function matchRoute(pathname: string): RouteMatch {
  const normalized = normalizePathname(pathname);
  const area = AREAS.find((candidate) => candidate.path === normalized);
  if (area) return { kind: 'area', area };
  const detail = DETAIL.exec(normalized);
  if (detail?.[1] === 'members') return { kind: 'member', area: areaById('members'), id: Number(detail[2]) };
  if (detail?.[1] === 'reports') return { kind: 'report', area: areaById('reports'), id: Number(detail[2]) };
  if (detail?.[1] === 'appeals') return { kind: 'appeal', area: areaById('appeals'), id: Number(detail[2]) };
  return { kind: 'not-found' };
}
