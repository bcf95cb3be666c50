import { AREAS, type Area } from '../../lib/areas';
import { normalizePathname } from './router';

export type RouteMatch = { kind: 'area'; area: Area } | { kind: 'not-found' };

/** Maps a pathname to one of the console's areas, or to the not-found view. */
export function matchRoute(pathname: string): RouteMatch {
  const normalized = normalizePathname(pathname);
  const area = AREAS.find((candidate) => candidate.path === normalized);
  return area ? { kind: 'area', area } : { kind: 'not-found' };
}
