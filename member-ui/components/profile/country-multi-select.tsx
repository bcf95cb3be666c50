import X from 'lucide-react/icons/x';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { countryNamesDiasporaFirst } from '../../../contracts/countries';
import { cn } from '../ui/cn';
import { useT } from '../../i18n/use-t';

const MAX_SUGGESTIONS = 8;

/** Searchable multi-select of countries; chosen ones show as removable chips (wizard step 5). */
export function CountryMultiSelect({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const t = useT();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);

  const suggestions = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    const available = countryNamesDiasporaFirst().filter((c) => !value.includes(c));
    const starts = available.filter((c) => c.toLocaleLowerCase().startsWith(q));
    const contains = available.filter((c) => !c.toLocaleLowerCase().startsWith(q) && c.toLocaleLowerCase().includes(q));
    return [...starts, ...contains].slice(0, MAX_SUGGESTIONS);
  }, [query, value]);

  const add = (country: string) => {
    onChange([...value, country]);
    setQuery('');
    setHighlight(0);
  };
  const remove = (country: string) => onChange(value.filter((c) => c !== country));
  const showList = open && query.trim() !== '' && suggestions.length > 0;

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setHighlight((h) => Math.min(h + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((h) => Math.max(h - 1, 0));
    } else if (event.key === 'Enter') {
      if (showList && suggestions[highlight]) {
        event.preventDefault();
        add(suggestions[highlight]);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && query === '' && value.length > 0) {
      remove(value[value.length - 1]);
    }
  };

  return (
    <div className={cn('field', 'country-multi', error && 'field--invalid')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {value.length > 0 ? (
        <ul className="location-chips" aria-label={t('location.selected')}>
          {value.map((country) => (
            <li key={country} className="location-chip">
              <span>{country}</span>
              <button type="button" className="location-chip__remove" aria-label={t('location.remove', { country })} onClick={() => remove(country)}>
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="field__control">
        <input
          id={id}
          className="field__input"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? `${listId}-${highlight}` : undefined}
          autoComplete="off"
          placeholder={t('location.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setHighlight(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={handleKeyDown}
        />
        {showList ? (
          <div id={listId} role="listbox" className="country-multi__list" aria-label={t('editor.suggestions', { label })}>
            {suggestions.map((country, index) => (
              <div
                key={country}
                id={`${listId}-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === highlight}
                className={cn('country-multi__option', index === highlight && 'country-multi__option--active')}
                // mousedown, so the choice lands before the input's blur closes the list
                onMouseDown={(event) => {
                  event.preventDefault();
                  add(country);
                }}
              >
                {country}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}
