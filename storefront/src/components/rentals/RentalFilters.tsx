import { centsToDollarInput, dollarsToCents } from '@yardly/shared/rules';
import { type FormEvent, useId } from 'react';
import { Chip, ChipGroup } from '../search/SearchFilters';
import {
  RENTAL_DISTANCES,
  type RentalListQuery,
  type RentalPets,
  type RentalSearchResult,
  rentBand,
} from './rental-query';

type Facets = RentalSearchResult['facetFields'];

const BEDROOM_CHOICES = [
  { value: 0, label: 'Studio or more' },
  { value: 1, label: '1+ beds' },
  { value: 2, label: '2+ beds' },
  { value: 3, label: '3+ beds' },
  { value: 4, label: '4+ beds' },
] as const;
const BATHROOM_CHOICES = [1, 1.5, 2, 3] as const;
const PET_CHOICES: { value: RentalPets; label: string }[] = [
  { value: 'any', label: 'Cats or dogs' },
  { value: 'cats', label: 'Cats allowed' },
  { value: 'dogs', label: 'Dogs allowed' },
  { value: 'both', label: 'Cats and dogs' },
];

interface RentalFiltersProps {
  query: RentalListQuery;
  /** The zip searched near (the query's, else the visitor's place). */
  zip: string | null;
  facets: Facets | null;
  onChange: (next: Partial<RentalListQuery>) => void;
}

/** The rentals filters: where, keywords, rent, beds, baths, type, pets and move-in date; facets as chips with counts. */
export function RentalFilters({ query, zip, facets, onChange }: RentalFiltersProps) {
  const id = useId();
  const types = query.propertyType ?? [];
  const toggleType = (value: string) => {
    const next = types.includes(value) ? types.filter((t) => t !== value) : [...types, value];
    onChange({ propertyType: next.length ? next : undefined });
  };
  const band = (value: string) => rentBand(value);
  const bandChosen = (value: string) => {
    const b = band(value);
    return b.minRent === query.minRent && b.maxRent === query.maxRent;
  };

  /** Where and what: the zip and keywords apply together. */
  function onWhere(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const nextZip = String(data.get('zip') ?? '').trim();
    const text = String(data.get('text') ?? '').trim();
    onChange({ zip: /^\d{5}$/.test(nextZip) ? nextZip : query.zip, text: text || undefined });
  }

  /** The inputs hold dollars; the query (and the api) cents. */
  function onRent(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const cents = (name: string) => {
      const value = String(data.get(name) ?? '').trim();
      const dollars = Number(value);
      return value === '' || !Number.isFinite(dollars) ? undefined : dollarsToCents(Math.max(0, Math.round(dollars)));
    };
    let minRent = cents('minRent');
    let maxRent = cents('maxRent');
    if (minRent !== undefined && maxRent !== undefined && minRent > maxRent) [minRent, maxRent] = [maxRent, minRent];
    onChange({ minRent, maxRent });
  }

  return (
    <aside className="search-filters rental-filters" aria-label="Filters">
      <form className="rental-filters__where" onSubmit={onWhere} aria-label="Where and what">
        <div className="form-field">
          <label htmlFor={`${id}-zip`}>Zip code</label>
          <input
            key={`zip-${zip}`}
            id={`${id}-zip`}
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            defaultValue={zip ?? ''}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-text`}>Keywords</label>
          <input
            key={`text-${query.text ?? ''}`}
            id={`${id}-text`}
            name="text"
            type="search"
            maxLength={200}
            defaultValue={query.text ?? ''}
          />
        </div>
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      <label className="search-filters__distance">
        Distance
        <select value={query.d} onChange={(event) => onChange({ d: Number(event.target.value) })}>
          {RENTAL_DISTANCES.map((d) => (
            <option key={d} value={d}>
              Within {d} miles
            </option>
          ))}
        </select>
      </label>
      <form className="search-filters__price" onSubmit={onRent} aria-labelledby={`${id}-rent`}>
        <h2 id={`${id}-rent`}>Monthly rent ($)</h2>
        <input
          key={`min-${query.minRent}`}
          name="minRent"
          type="number"
          min={0}
          step={1}
          placeholder="Min"
          aria-label="Minimum rent"
          defaultValue={query.minRent === undefined ? '' : centsToDollarInput(query.minRent)}
        />
        <input
          key={`max-${query.maxRent}`}
          name="maxRent"
          type="number"
          min={0}
          step={1}
          placeholder="Max"
          aria-label="Maximum rent"
          defaultValue={query.maxRent === undefined ? '' : centsToDollarInput(query.maxRent)}
        />
        <button type="submit" className="button button--secondary">
          Apply
        </button>
      </form>
      {facets && facets.price.length > 0 && (
        <ChipGroup title="Rent">
          {facets.price
            .filter((f) => f.count > 0 || bandChosen(f.value))
            .map((f) => (
              <Chip
                key={f.value}
                label={f.label}
                count={f.count}
                pressed={bandChosen(f.value)}
                onClick={() =>
                  onChange(bandChosen(f.value) ? { minRent: undefined, maxRent: undefined } : band(f.value))
                }
              />
            ))}
        </ChipGroup>
      )}
      <label className="search-filters__distance">
        Bedrooms
        <select
          value={query.bedrooms ?? ''}
          onChange={(event) =>
            onChange({ bedrooms: event.target.value === '' ? undefined : Number(event.target.value) })
          }
        >
          <option value="">Any</option>
          {BEDROOM_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      {facets && facets.bedrooms.length > 0 && (
        <ChipGroup title="Bedrooms found">
          {facets.bedrooms.map((f) => (
            <Chip
              key={f.value}
              label={f.label}
              count={f.count}
              pressed={query.bedrooms !== undefined && String(query.bedrooms) === f.value}
              onClick={() =>
                onChange({ bedrooms: String(query.bedrooms) === f.value ? undefined : Number(f.value) || 0 })
              }
            />
          ))}
        </ChipGroup>
      )}
      <label className="search-filters__distance">
        Bathrooms
        <select
          value={query.bathrooms ?? ''}
          onChange={(event) =>
            onChange({ bathrooms: event.target.value === '' ? undefined : Number(event.target.value) })
          }
        >
          <option value="">Any</option>
          {BATHROOM_CHOICES.map((baths) => (
            <option key={baths} value={baths}>
              {baths}+ baths
            </option>
          ))}
        </select>
      </label>
      {facets && (facets.propertyType.length > 0 || types.length > 0) && (
        <ChipGroup title="Property type">
          {facets.propertyType.map((f) => (
            <Chip
              key={f.value}
              label={f.label}
              count={f.count}
              pressed={types.includes(f.value)}
              onClick={() => toggleType(f.value)}
            />
          ))}
          {types
            .filter((t) => !facets.propertyType.some((f) => f.value === t))
            .map((t) => (
              <Chip key={t} label={t} pressed onClick={() => toggleType(t)} />
            ))}
        </ChipGroup>
      )}
      <label className="search-filters__distance">
        Pets
        <select
          value={query.pets ?? ''}
          onChange={(event) =>
            onChange({ pets: event.target.value === '' ? undefined : (event.target.value as RentalPets) })
          }
        >
          <option value="">Any</option>
          {PET_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <label className="search-filters__distance">
        Available by
        <input
          type="date"
          value={query.availableBy ?? ''}
          onChange={(event) => onChange({ availableBy: event.target.value || undefined })}
        />
      </label>
    </aside>
  );
}
