import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { countryNamesDiasporaFirst } from '../../../../contracts/countries';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { translate } from '../../../i18n/translate';

/** Location chips chosen from the searchable country list. */
export function LocationPicker({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  // The highlighted option: Enter picks it, the arrow keys move it; it starts on the first match.
  const [active, setActive] = useState(0);
  const listId = useId();
  const matches = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    return countryNamesDiasporaFirst().filter((country) => !value.includes(country) && country.toLocaleLowerCase().includes(needle));
  }, [filter, value]);

  function add(country: string) {
    onChange([...value, country]);
    setFilter('');
    setActive(0);
    setOpen(false);
  }

  const highlighted = Math.min(active, matches.length - 1);
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (matches.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((highlighted + step + matches.length) % matches.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (highlighted >= 0) add(matches[highlighted]);
    }
  }

  return (
    <div className="location-picker">
      {value.length > 0 ? (
        <ul className="filter-chips" aria-label={translate('location.selected')}>
          {value.map((country) => (
            <li key={country} className="filter-chip">
              {country}
              <button
                type="button"
                className="filter-chip__remove"
                aria-label={translate('location.remove', { country })}
                onClick={() => onChange(value.filter((item) => item !== country))}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setFilter('');
        }}
      >
        <PopoverTrigger asChild>
          <button type="button" className="add-chip">
            {translate('location.add')}
          </button>
        </PopoverTrigger>
        <PopoverContent className="country-popover" align="start" aria-label={translate('location.choose')}>
          <div className="country-popover__search">
            <Search size={16} aria-hidden="true" />
            <input
              type="search"
              aria-controls={listId}
              aria-activedescendant={highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
              className="country-popover__input"
              placeholder={translate('location.searchPlaceholder')}
              aria-label={translate('location.search')}
              value={filter}
              onChange={(event) => {
                setFilter(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          {matches.length === 0 ? (
            <p className="country-popover__empty">{translate('location.none')}</p>
          ) : (
            <ul className="country-popover__list" id={listId}>
              {matches.map((country, index) => (
                <li key={country}>
                  <button
                    type="button"
                    id={`${listId}-${index}`}
                    className={index === highlighted ? 'country-popover__option country-popover__option--active' : 'country-popover__option'}
                    aria-current={index === highlighted ? 'true' : undefined}
                    onClick={() => add(country)}
                    onMouseEnter={() => setActive(index)}
                  >
                    {country}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </PopoverContent>
      </Popover>
    </div>
  );
}
