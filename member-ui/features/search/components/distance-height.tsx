import { useId } from 'react';
import { CITIES, METROS } from '../../../../contracts/gazetteer';
import { HEIGHT_MAX_CM, HEIGHT_MIN_CM } from '../../../../contracts/profile-basics';

/** What the place box suggests: the metro areas, then every city the gazetteer knows as "City, CC". */
const PLACES = [...METROS.map((m) => m.name), ...CITIES.map((c) => `${c.name}, ${c.country}`)];
const RADII = [10, 25, 50, 100, 200, 500] as const;
/** "170 cm · 5′7″": short enough for half the sheet's width at 390 px. */
const shortHeight = (cm: number) => {
  const inches = Math.round(cm / 2.54);
  return `${cm} cm · ${Math.floor(inches / 12)}′${inches % 12}″`;
};
const HEIGHTS = Array.from({ length: HEIGHT_MAX_CM - HEIGHT_MIN_CM + 1 }, (_, i) => HEIGHT_MIN_CM + i);

/** "Near a city or metro area, within N km": members of cities the gazetteer does not know are left out. */
export function DistanceField({
  near,
  withinKm,
  onChange,
}: {
  near: string;
  withinKm: number | null;
  onChange: (near: string, withinKm: number | null) => void;
}) {
  const listId = useId();
  return (
    <>
      <div className="distance-row">
        <input
          className="filter-panel__input"
          list={listId}
          value={near}
          placeholder="City, Country or metro"
          aria-label="Near (city, country or metro area)"
          autoComplete="off"
          maxLength={120}
          onChange={(event) => onChange(event.target.value, withinKm)}
        />
        <select
          className="filter-panel__select"
          aria-label="Within"
          value={withinKm ?? ''}
          disabled={!near.trim()}
          onChange={(event) => onChange(near, event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">Area</option>
          {RADII.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </select>
        <datalist id={listId}>
          {PLACES.map((place) => (
            <option key={place} value={place} />
          ))}
        </datalist>
      </div>
      <p className="filter-panel__hint">A metro area (Greater Toronto, Bay Area, Greater London…) or "City, Country". Members whose city we do not know are left out.</p>
    </>
  );
}

/** A height range in cm (shown also in feet and inches); either end may be left open. */
export function HeightField({
  min,
  max,
  onChange,
}: {
  min: number | null;
  max: number | null;
  onChange: (min: number | null, max: number | null) => void;
}) {
  const options = (
    <>
      <option value="">Any</option>
      {HEIGHTS.map((cm) => (
        <option key={cm} value={cm}>
          {shortHeight(cm)}
        </option>
      ))}
    </>
  );
  const value = (n: string) => (n ? Number(n) : null);
  return (
    <div className="height-row">
      <select className="filter-panel__select" aria-label="Minimum height" value={min ?? ''} onChange={(e) => onChange(value(e.target.value), max)}>
        {options}
      </select>
      <select className="filter-panel__select" aria-label="Maximum height" value={max ?? ''} onChange={(e) => onChange(min, value(e.target.value))}>
        {options}
      </select>
    </div>
  );
}
