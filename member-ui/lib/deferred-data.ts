import { useDeferredValue } from 'react';

const ON_SERVER = typeof window === 'undefined';

/**
 * A query's data for the large part of a screen (a list of cards), rendered in a deferred update. React renders an
 * update that comes from a store subscription (a query's answer, the router mounting a screen whose data is
 * cached) in one task it cannot interrupt; a list of cards is 40–60 ms of it on a phone's CPU, during which the
 * page does not respond. Deferred, that render is done in slices. Until it has caught up, `data` is undefined and
 * `catchingUp` is true: the screen keeps its skeleton.
 */
export function useDeferredData<T>(data: T | undefined): { data: T | undefined; catchingUp: boolean } {
  // null, not undefined, as the first render's value: React defers only when it is given one. The server's render
  // of a first screen (member-ui/first-screen/) is one pass with nothing to interrupt: the data at once.
  const shown = useDeferredValue<T | null>(data ?? null, ON_SERVER ? (data ?? null) : null);
  return { data: shown ?? undefined, catchingUp: data !== undefined && shown === null };
}
