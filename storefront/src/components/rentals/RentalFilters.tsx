import { dollarsToCents } from '@yardly/shared/rules';
import { type FormEvent, useId } from 'react';
import { Chip, ChipGroup, DollarRangeForm, FacetChips, toggled } from '../search/SearchFilters';
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
const BATHROOM_CHOICES = [1, 1.5, 2, 3].map((baths) => ({ value: baths, label: `${baths}+ baths` }));
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
  const toggleType = (value: string) => onChange({ propertyType: toggled(types, value) });
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

  /** Rent is whole dollars; a min above the max is read the other way round. */
  function onRent([minRent, maxRent]: [number | undefined, number | undefined]) {
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
      <DollarRangeForm
        title="Monthly rent ($)"
        what="rent"
        names={['minRent', 'maxRent']}
        step={1}
        range={[query.minRent, query.maxRent]}
        toCents={(dollars) => dollarsToCents(Math.round(dollars))}
        onApply={onRent}
      />
      {facets && facets.price.length > 0 && (
        <ChipGroup title="Rent">
          <FacetChips
            facets={facets.price.filter((f) => f.count > 0 || bandChosen(f.value))}
            pressed={bandChosen}
            onClick={(value) => onChange(bandChosen(value) ? { minRent: undefined, maxRent: undefined } : band(value))}
          />
        </ChipGroup>
      )}
      <AnySelect
        label="Bedrooms"
        value={query.bedrooms}
        choices={BEDROOM_CHOICES}
        onChoose={(bedrooms) => onChange({ bedrooms })}
      />
      {facets && facets.bedrooms.length > 0 && (
        <ChipGroup title="Bedrooms found">
          <FacetChips
            facets={facets.bedrooms}
            pressed={(value) => query.bedrooms !== undefined && String(query.bedrooms) === value}
            onClick={(value) =>
              onChange({ bedrooms: String(query.bedrooms) === value ? undefined : Number(value) || 0 })
            }
          />
        </ChipGroup>
      )}
      <AnySelect
        label="Bathrooms"
        value={query.bathrooms}
        choices={BATHROOM_CHOICES}
        onChoose={(bathrooms) => onChange({ bathrooms })}
      />
      {facets && (facets.propertyType.length > 0 || types.length > 0) && (
        <ChipGroup title="Property type">
          <FacetChips facets={facets.propertyType} pressed={(value) => types.includes(value)} onClick={toggleType} />
          {types
            .filter((t) => !facets.propertyType.some((f) => f.value === t))
            .map((t) => (
              <Chip key={t} label={t} pressed onClick={() => toggleType(t)} />
            ))}
        </ChipGroup>
      )}
      <AnySelect label="Pets" value={query.pets} choices={PET_CHOICES} onChoose={(pets) => onChange({ pets })} />
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

/** A filter chosen from `choices`, or "Any" (undefined: not filtered). */
function AnySelect<V extends string | number>({
  label,
  value,
  choices,
  onChoose,
}: {
  label: string;
  value: V | undefined;
  choices: readonly { value: V; label: string }[];
  onChoose: (value: V | undefined) => void;
}) {
  return (
    <label className="search-filters__distance">
      {label}
      <select
        value={value ?? ''}
        onChange={(event) => onChoose(choices.find((choice) => String(choice.value) === event.target.value)?.value)}
      >
        <option value="">Any</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
