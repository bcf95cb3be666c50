import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import X from 'lucide-react/icons/x';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AlertBanner } from '../../../components/ui/alert-banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useDeferredData } from '../../../lib/deferred-data';
import { groupedThousands } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useHelperMode } from '../../../lib/helper-mode';
import { ownProfileQueryOptions } from '../../../lib/profiles';
import { useSessionUser } from '../../../lib/session';
import { useFirstScreenReplaced } from '../../../app/layout/first-screen';
import {
  DEFAULT_FILTERS,
  DEFAULT_MOOD_SCORE,
  hasSearchCriteria,
  type SearchCriteria,
  type SearchFilters,
  type SearchResult,
  StaleCursorError,
  searchParamsOf,
  searchQueryOptions,
  withoutPremiumFilters,
} from '../api/search';
import { SaveSearch } from '../../../components/saved-searches/save-search';
import { MoodMatchCard } from '../components/mood-match-card';
import { MoodPromptCard } from '../components/mood-prompt-card';
import { ResultCard } from '../components/result-card';
import { filterPanelOpenAtom } from '../components/search-state';
import { criteriaFromUrl, defaultAgeRange, filterParams, hasFilterParams, preferenceDefaults } from '../search-url';
import { SortControl, sortedBy } from '../components/sort-control';
import type { SearchPageSearch } from '../../../app/routing/search-schemas';
import { RENDERED_ON_SERVER } from '../../../lib/server-render';

// The filter panel (its location picker's popover and positioning library: about a third of the screen's code) is
// not needed to show the results: its module is fetched when the member points at or focuses the Filters button,
// and shown when they press it.
const loadFilterPanel = () => import('../components/filter-panel');
const FilterPanel = lazy(() => loadFilterPanel().then((module) => ({ default: module.FilterPanel })));

const TYPING_DEBOUNCE_MS = 350;
/** The mood prompt, when the server asks for it, sits after this many results. */
const PROMPT_AFTER = 3;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function activeFilterCount(filters: SearchFilters | null): number {
  if (!filters) return 0;
  const lists = [
    filters.locations,
    filters.religions,
    filters.motherTongues,
    filters.maritalStatuses,
    filters.educations,
    filters.diets,
    filters.returnPlans,
    filters.rashis,
  ].filter((list) => list.length > 0).length;
  const single = [
    filters.profileType !== 'all',
    filters.verified !== 'all',
    filters.hasPhoto,
    filters.activeWithinDays !== 0,
    filters.minGuna !== null,
    filters.near !== '',
    filters.minHeightCm !== null || filters.maxHeightCm !== null,
  ].filter(Boolean).length;
  // The age range counts once applied: it always narrows the results.
  return 1 + lists + single;
}

const members = (n: number) => `${groupedThousands(n)} ${n === 1 ? 'member' : 'members'}`;

/** Loads the next page when the end of the list scrolls into view; the button below stays for keyboards. */
function useLoadOnScroll(enabled: boolean, load: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

// A component, not a module-level element: the server imports this file (the first screen of /search), and an
// element made at import time would need React's JSX runtime before anything renders.
function PanelPending() {
  return (
    <section className="filter-panel" id="search-filters" aria-label="Search filters" aria-busy="true">
      <Spinner />
    </section>
  );
}

function errorText(error: Error): { text: string; upgrade: boolean } {
  if (isApiError(error)) {
    const upgrade = error.status === 403;
    return { text: error.serverMessage ?? error.message, upgrade };
  }
  return { text: 'Search failed. Please check your connection and try again.', upgrade: false };
}

/** Changes the search's address: `replace` rewrites the history entry instead of adding one. */
export type ChangeAddress = (change: (current: SearchPageSearch) => SearchPageSearch, replace: boolean) => void;

/** /search as a route: the search is the address (text, applied filters, mood match), so a reload, Back or a link shows it. */
export function SearchPage() {
  const address = useSearch({ from: '/member/search' });
  const navigate = useNavigate({ from: '/search' });
  const changeAddress = useCallback<ChangeAddress>(
    (change, replace) => void navigate({ search: (current: SearchPageSearch) => change(current), replace }),
    [navigate],
  );
  return <SearchScreen address={address} changeAddress={changeAddress} />;
}

/**
 * The search screen: text, filters, mood match; results ranked by match score with the total and cursor pages to the
 * end. With nothing chosen the server answers with the member's best matches, shown at once (and painted by the
 * server into the page, member-ui/first-screen, with an empty address).
 */
export function SearchScreen({ address, changeAddress }: { address: SearchPageSearch; changeAddress: ChangeAddress }) {
  const user = useSessionUser();
  useFirstScreenReplaced();
  const [panelOpen, setPanelOpen] = useAtom(filterPanelOpenAtom);
  const queryClient = useQueryClient();
  // Helper mode: the candidate's search (their plan, their preferences, the profiles they may see).
  const { helping } = useHelperMode();
  const advancedLocked = (helping ? helping.candidateTier : user?.subscriptionTier) === 'tryme';
  // The age default is the preferred window of the member the search is for (the candidate, in helper mode): read
  // when the panel opens or an address leaves the age out.
  const needsDefaultAges = panelOpen || (hasFilterParams(address) && (address.minAge === undefined || address.maxAge === undefined));
  const searcherId = helping ? helping.candidateUserId : (user?.id ?? 0);
  const ownProfile = useQuery({ ...ownProfileQueryOptions(searcherId), enabled: Boolean(user) && needsDefaultAges });
  const defaultAges = defaultAgeRange(ownProfile.data);
  const fromAddress = criteriaFromUrl(address, defaultAges);
  const { filters: appliedFilters, moodMatch, sort } = fromAddress;
  const go = changeAddress;

  // Typing is the box's own state; the address follows it after a pause (replacing, not adding, history entries).
  const [text, setText] = useState(fromAddress.query);
  const typed = useDebounced(text, TYPING_DEBOUNCE_MS);
  const written = useRef(fromAddress.query);
  useEffect(() => {
    if (typed === written.current) return;
    written.current = typed;
    changeAddress((current) => ({ ...current, query: typed || undefined }), true);
  }, [typed, changeAddress]);
  // Back, Forward or a link changed the address: the box shows its text.
  useEffect(() => {
    if (fromAddress.query === written.current) return;
    written.current = fromAddress.query;
    setText(fromAddress.query);
  }, [fromAddress.query]);
  const setMoodMatch = (next: typeof moodMatch) =>
    go((current) => ({ ...current, matchMood: next.enabled || undefined, minMoodScore: next.minScore === DEFAULT_MOOD_SCORE ? undefined : next.minScore }), true);
  const query = fromAddress.query;
  const prepareFilterPanel = () => {
    void loadFilterPanel();
    if (user) void queryClient.prefetchQuery(ownProfileQueryOptions(searcherId));
  };

  // Tryme members never send the premium filters (the server would answer 403), even if the address holds them
  // (a link from a Premium member, or a search from before a downgrade).
  const criteria: SearchCriteria = advancedLocked
    ? { query, sort, filters: appliedFilters && withoutPremiumFilters(appliedFilters), moodMatch: { ...moodMatch, enabled: false } }
    : { query, sort, filters: appliedFilters, moodMatch };
  const options = searchQueryOptions(criteria, helping?.profileId ?? null);
  const search = useInfiniteQuery({ ...options, enabled: Boolean(user) });
  // A cursor the server refuses (the member's profile changed, or it belongs to another search): start this
  // search again from page 1, quietly.
  const staleCursor = search.error instanceof StaleCursorError;
  useEffect(() => {
    if (staleCursor) void queryClient.resetQueries({ queryKey: options.queryKey, exact: true });
  }, [staleCursor, queryClient, options.queryKey]);
  // The result cards render in a deferred update, in slices, while the skeleton stays.
  const { data: shownData, catchingUp: rendering } = useDeferredData(search.data);
  // Not while the cards are catching up: the end-of-list sentinel is rendered with them.
  const canLoadMore = search.hasNextPage && !search.isFetching && !search.isError && !rendering;
  const sentinel = useLoadOnScroll(canLoadMore, () => void search.fetchNextPage());
  const results = useMemo(() => {
    const seen = new Set<number>();
    const list: SearchResult[] = [];
    for (const page of shownData?.pages ?? []) {
      for (const result of page.results) {
        if (seen.has(result.id)) continue;
        seen.add(result.id);
        list.push(result);
      }
    }
    return list;
  }, [shownData]);

  const filterCount = activeFilterCount(appliedFilters);
  const narrowed = hasSearchCriteria(criteria);
  const total = shownData?.pages[0]?.total ?? null;

  if (!user) return null;

  return (
    <section className="search-page" aria-labelledby="search-title">
      <header className="search-page__header">
        <h1 id="search-title" className="page__title">
          Search
        </h1>
        <p className="page__subtitle">Find your Saathi, wherever they are.</p>
      </header>

      <search className="search-bar">
        <div className="search-bar__field">
          <Search size={18} aria-hidden="true" className="search-bar__icon" />
          <input
            type="search"
            className="search-bar__input"
            placeholder="Search by name, location, etc."
            aria-label="Search profiles"
            value={text}
            readOnly={RENDERED_ON_SERVER || undefined}
            onChange={(event) => setText(event.target.value)}
            enterKeyHint="search"
          />
          {text ? (
            <button
              type="button"
              className="search-bar__clear"
              aria-label="Clear search"
              onClick={() => {
                setText('');
                written.current = '';
                go((current) => ({ ...current, query: undefined }), true);
              }}
            >
              <X size={16} aria-hidden="true" />
            </button>
          ) : null}
        </div>
        <button
          type="button"
          className={cn('search-bar__filters', (panelOpen || filterCount > 0) && 'search-bar__filters--active')}
          aria-expanded={panelOpen}
          aria-controls="search-filters"
          aria-label={filterCount > 0 ? `Filters (${filterCount} active)` : 'Filters'}
          onClick={() => setPanelOpen((open) => !open)}
          onPointerEnter={prepareFilterPanel}
          onFocus={prepareFilterPanel}
        >
          <SlidersHorizontal size={18} aria-hidden="true" />
          {filterCount > 0 ? <span className="search-bar__count">{filterCount}</span> : null}
        </button>
      </search>

      <SaveSearch params={searchParamsOf(criteria)} actingFor={helping?.profileId ?? null} candidateName={helping ? (helping.candidateName ?? 'them') : null} />

      {panelOpen ? (
        <Suspense fallback={<PanelPending />}>
          {/* The panel starts from the member's preferred ages: held until they are known (asked for on hover). */}
          {appliedFilters === null && ownProfile.isPending ? (
            <PanelPending />
          ) : (
            <FilterPanel
              initial={appliedFilters ?? { ...DEFAULT_FILTERS, ...preferenceDefaults(ownProfile.data) }}
              advancedLocked={advancedLocked}
              onApply={(filters) => {
                go((current) => ({ ...current, ...filterParams(filters) }), false);
                setPanelOpen(false);
              }}
              onReset={() => go((current) => ({ ...current, ...filterParams(null) }), false)}
            />
          )}
        </Suspense>
      ) : null}

      <MoodMatchCard value={moodMatch} locked={advancedLocked} onChange={setMoodMatch} />

      <section className="search-results" aria-labelledby="results-title" aria-busy={search.isFetching}>
        <div className="search-results__head">
          <div className="search-results__title-row">
            <h2 id="results-title" className="search-results__title">
              {narrowed ? 'Results' : 'Your best matches'}
            </h2>
            <SortControl value={sort} onChange={(next) => go((current) => ({ ...current, sort: next === 'best' ? undefined : next }), false)} />
          </div>
          {total !== null && !search.isPending && !rendering ? (
            <p className="search-results__count" aria-live="polite">
              {members(total)}
              {narrowed ? ' match your search' : ''}
              {`, ${sortedBy(sort)}`}
            </p>
          ) : null}
        </div>
        {search.isPending || staleCursor || rendering ? (
          <ul className="result-list" aria-label="Loading results">
            {[0, 1, 2].map((key) => (
              <li key={key} className="result-card result-card--skeleton">
                <span className="shimmer result-card__photo" />
                <span className="result-card__body">
                  <span className="shimmer shimmer--line" />
                  <span className="shimmer shimmer--line shimmer--short" />
                </span>
              </li>
            ))}
          </ul>
        ) : search.isError && results.length === 0 ? (
          <AlertBanner>
            {errorText(search.error).text}{' '}
            {errorText(search.error).upgrade ? (
              <Link to={paths.subscription} className="text-link">
                Upgrade
              </Link>
            ) : null}
          </AlertBanner>
        ) : results.length === 0 ? (
          <div className="search-empty">
            <SearchX size={32} aria-hidden="true" className="search-empty__icon" />
            {narrowed ? (
              <>
                <p className="search-empty__title">No profiles match your search criteria.</p>
                <p className="search-empty__text">Try adjusting your filters to see more results.</p>
              </>
            ) : (
              <>
                <p className="search-empty__title">No matches yet</p>
                <p className="search-empty__text">
                  Complete your profile and partner preferences, and members who suit you will appear here.
                </p>
              </>
            )}
          </div>
        ) : (
          <>
            <ul className="result-list">
              {results.slice(0, PROMPT_AFTER).map((result, i) => (
                <ResultCard key={result.id} result={result} first={i === 0} helping={helping !== null} />
              ))}
            </ul>
            {/* Among the first results: the best matches come first, and a list that grows as it scrolls has no end. */}
            <MoodPromptCard userId={user.id} />
            {results.length > PROMPT_AFTER ? (
              <ul className="result-list">
                {results.slice(PROMPT_AFTER).map((result) => (
                  <ResultCard key={result.id} result={result} helping={helping !== null} />
                ))}
              </ul>
            ) : null}
            <div ref={sentinel} aria-hidden="true" />
            {search.isFetchNextPageError && !staleCursor ? (
              <AlertBanner>{errorText(search.error).text}</AlertBanner>
            ) : null}
            {search.hasNextPage ? (
              <Button
                variant="outline"
                block
                disabled={search.isFetchingNextPage}
                onClick={() => void search.fetchNextPage()}
              >
                {search.isFetchingNextPage ? <Spinner size={18} /> : null}
                Load More Results
              </Button>
            ) : null}
          </>
        )}
      </section>
      {results.length === 0 && !search.isPending && !rendering ? <MoodPromptCard userId={user.id} /> : null}
    </section>
  );
}
