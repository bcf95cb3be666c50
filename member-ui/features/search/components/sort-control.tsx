import { SEARCH_SORTS, type SearchSort } from '../../../../contracts/enums';
import type { MessageId } from '../../../i18n/catalogue';
import { translate } from '../../../i18n/translate';

// Each sort's name (`sort.<sort>`) and what the results count says of the order (`sort.<sort>Order`).
const LABELS: Record<SearchSort, MessageId> = { best: 'sort.best', newest: 'sort.newest', active: 'sort.active', age: 'sort.age' };
const ORDERS: Record<SearchSort, MessageId> = { best: 'sort.bestOrder', newest: 'sort.newestOrder', active: 'sort.activeOrder', age: 'sort.ageOrder' };

/** What the results count says of their order ("best match first"), in the app's language. */
export const sortedBy = (sort: SearchSort) => translate(ORDERS[sort]);

/** The one control ordering the results; the sort lives in the address with the rest of the search. */
export function SortControl({ value, onChange }: { value: SearchSort; onChange: (sort: SearchSort) => void }) {
  return (
    <label className="search-sort">
      <span className="search-sort__label">{translate('sort.label')}</span>
      <select className="search-sort__select" value={value} onChange={(event) => onChange(event.target.value as SearchSort)}>
        {SEARCH_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {translate(LABELS[sort])}
          </option>
        ))}
      </select>
    </label>
  );
}
