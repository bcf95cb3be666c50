import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { useMemo, useState } from 'react';
import { COUNTRIES } from '../../../../contracts/countries';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';

/** Location chips chosen from the searchable country list (spec part 2 §2 "Search"). */
export function LocationPicker({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const matches = useMemo(() => {
    const needle = filter.trim().toLocaleLowerCase();
    return COUNTRIES.filter((country) => !value.includes(country) && country.toLocaleLowerCase().includes(needle));
  }, [filter, value]);

  function add(country: string) {
    onChange([...value, country]);
    setFilter('');
    setOpen(false);
  }

  return (
    <div className="location-picker">
      {value.length > 0 ? (
        <ul className="filter-chips" aria-label="Selected locations">
          {value.map((country) => (
            <li key={country} className="filter-chip">
              {country}
              <button
                type="button"
                className="filter-chip__remove"
                aria-label={`Remove ${country}`}
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
            + Add Location
          </button>
        </PopoverTrigger>
        <PopoverContent className="country-popover" align="start" aria-label="Choose a country">
          <div className="country-popover__search">
            <Search size={16} aria-hidden="true" />
            <input
              type="search"
              className="country-popover__input"
              placeholder="Search countries..."
              aria-label="Search countries"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
          {matches.length === 0 ? (
            <p className="country-popover__empty">No countries found</p>
          ) : (
            <ul className="country-popover__list">
              {matches.map((country) => (
                <li key={country}>
                  <button type="button" className="country-popover__option" onClick={() => add(country)}>
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
