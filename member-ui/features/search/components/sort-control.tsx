import { SEARCH_SORTS, type SearchSort } from '../../../../contracts/discovery';

const LABELS: Record<SearchSort, string> = {
  best: 'Best match',
  newest: 'Newest',
  active: 'Recently active',
  age: 'Youngest first',
};

const ORDERS: Record<SearchSort, string> = {
  best: 'best match first',
  newest: 'newest profiles first',
  active: 'recently active first',
  age: 'youngest first',
};

/** What the results count says of their order ("best match first"). */
export const sortedBy = (sort: SearchSort) => ORDERS[sort];

/** The one control ordering the results; the sort lives in the address with the rest of the search. */
export function SortControl({ value, onChange }: { value: SearchSort; onChange: (sort: SearchSort) => void }) {
  return (
    <label className="search-sort">
      <span className="search-sort__label">Sort</span>
      <select className="search-sort__select" value={value} onChange={(event) => onChange(event.target.value as SearchSort)}>
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {LABELS[sort]}
          </option>
        ))}
      </select>
    </label>
  );
}
