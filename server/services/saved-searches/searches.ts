import { ADVANCED_FILTERS_MESSAGE } from '../../../contracts/discovery';
import {
  SAVED_SEARCH_LIMITS,
  type SavedSearchCreateInput,
  type SavedSearchList,
  type SavedSearchUpdateInput,
  type SavedSearchView,
} from '../../../contracts/saved-searches';
import { type Db, isPostgres } from '../../db';
import { conflict, forbidden, notFound, said } from '../../errors';
import { SavedSearch } from '../../models/saved-search';
import { User } from '../../models/user';
import { effectiveTier } from '../../policies/tier';
import { type LookServices, WATCHED, look, planRuns, savedSearchInput } from './look';
import { packSeen } from './seen';

type Services = LookServices & { db: Db };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const sameFilters = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

/** A saved search as its member reads it, with how many members it finds now (one count from the engine). */
async function present(services: LookServices, user: User, row: SavedSearch): Promise<SavedSearchView> {
  const input = savedSearchInput(row.filters);
  const runs = input !== null && planRuns(user, input);
  return {
    id: row.id,
    name: row.name,
    filters: row.filters,
    emailAlerts: row.emailAlerts,
    pushAlerts: row.pushAlerts,
    matches: runs ? (await look(services, user, input, 1)).total : null,
    needsUpgrade: input !== null && !runs,
    createdAt: new Date(row.createdAt).toISOString(),
    lastAlertAt: iso(row.lastAlertAt),
  };
}

/** The members a search finds now, best first, as they are remembered when it is saved or its alerts come on. */
async function seenNow(services: LookServices, user: User, filters: Record<string, string>): Promise<string> {
  const input = savedSearchInput(filters);
  if (!input || !planRuns(user, input)) return '';
  return packSeen((await look(services, user, input, WATCHED)).ids);
}

/** The member's saved searches, newest first, and how many their plan keeps. */
export async function savedSearchesOf(services: Services, user: User): Promise<SavedSearchList> {
  const rows = await SavedSearch.query(services.db).where({ userId: user.id }).orderBy('createdAt', 'desc').orderBy('id', 'desc');
  const searches: SavedSearchView[] = [];
  for (const row of rows) searches.push(await present(services, user, row));
  return { searches, limit: SAVED_SEARCH_LIMITS[effectiveTier(user)] };
}

/**
 * Saves a search for the member: one their plan may run (the same tier rule as search), within their plan's number,
 * not the same filters twice. Everyone it finds now is remembered, so its first alert names only members new to it.
 */
export async function saveSearch(services: Services, user: User, input: SavedSearchCreateInput): Promise<SavedSearchView> {
  const parsed = savedSearchInput(input.filters);
  if (parsed && !planRuns(user, parsed)) throw forbidden(ADVANCED_FILTERS_MESSAGE, { upgradeRequired: true });
  const seen = await seenNow(services, user, input.filters);
  const tier = effectiveTier(user);
  const limit = SAVED_SEARCH_LIMITS[tier];
  const now = Date.now();
  const row = await services.db.transaction(async (trx) => {
    // One save at a time per member, so two at once cannot both pass the count (SQLite writes one at a time anyway).
    if (isPostgres(services.db)) await User.query(trx).findById(user.id).forUpdate().select('id');
    const mine = await SavedSearch.query(trx).where({ userId: user.id }).select('id', 'name', 'filters');
    const twin = mine.find((s) => sameFilters(s.filters, input.filters));
    if (twin) throw conflict(said('server.error.savedSearch.twin', { name: twin.name }), { savedSearchId: twin.id });
    if (mine.length >= limit) {
      const upgrade = tier === 'tryme';
      throw forbidden(
        upgrade
          ? said('server.error.savedSearch.freeLimit', { limit, premium: SAVED_SEARCH_LIMITS.premium })
          : said('server.error.savedSearch.limit', { limit }),
        { upgradeRequired: upgrade, limit },
      );
    }
    return SavedSearch.query(trx).insertAndFetch({
      userId: user.id,
      name: input.name,
      filters: input.filters,
      emailAlerts: input.emailAlerts,
      pushAlerts: input.pushAlerts,
      seen,
      lastAlertAt: null,
      alertDueAt: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return present(services, user, row);
}

export async function ownSavedSearch(db: Db, user: User, id: number): Promise<SavedSearch> {
  // Another member's search answers as one that does not exist.
  const row = await SavedSearch.query(db).where({ id, userId: user.id }).first();
  if (!row) throw notFound('Saved search not found');
  return row;
}

/**
 * Renames a saved search or turns its alerts on or off. Alerts coming back on start from what the search finds now:
 * the members who joined while they were off are not all announced at once.
 */
export async function updateSavedSearch(services: Services, user: User, row: SavedSearch, input: SavedSearchUpdateInput): Promise<SavedSearchView> {
  const emailAlerts = input.emailAlerts ?? row.emailAlerts;
  const pushAlerts = input.pushAlerts ?? row.pushAlerts;
  const comingOn = !row.emailAlerts && !row.pushAlerts && (emailAlerts || pushAlerts);
  const change: Partial<SavedSearch> = { name: input.name ?? row.name, emailAlerts, pushAlerts, updatedAt: Date.now() };
  if (comingOn) change.seen = await seenNow(services, user, row.filters);
  const updated = await SavedSearch.query(services.db).patchAndFetchById(row.id, change);
  return present(services, user, updated);
}

export async function deleteSavedSearch(db: Db, user: User, id: number): Promise<void> {
  const row = await ownSavedSearch(db, user, id);
  await SavedSearch.query(db).deleteById(row.id);
}
