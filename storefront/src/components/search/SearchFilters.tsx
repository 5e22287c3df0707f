import { type DeliveryOption, PRICE_RANGES, type SearchResult } from '@yardly/shared/contract';
import { centsToDollarInput, dollarsToCents } from '@yardly/shared/rules';
import { type FormEvent, useId } from 'react';
import type { ProductQuery } from '../../lib/product-query';

type Facets = SearchResult['facetcount']['facetFields'];

export const DISTANCES = [5, 10, 25, 50, 100, 250] as const;

const RANGE_ENDS = [
  { placeholder: 'Min', label: 'Minimum' },
  { placeholder: 'Max', label: 'Maximum' },
] as const;

interface SearchFiltersProps {
  query: ProductQuery;
  facets: Facets | null;
  hasLocation: boolean;
  onChange: (next: Partial<ProductQuery>) => void;
}

/** Facets as chips (a chip shows how many items choosing it finds), price range, distance and "Ships to you". */
export function SearchFilters({ query, facets, hasLocation, onChange }: SearchFiltersProps) {
  const chosenRange = PRICE_RANGES.find(
    (r) => query.minPrice === r.minCents && query.maxPrice === (r.maxCents ?? undefined),
  );

  return (
    <aside className="search-filters" aria-label="Filters">
      {facets && facets.category.length > 0 && (
        <ChipGroup title="Category">
          {query.category && (
            <Chip
              label="All categories"
              pressed={false}
              onClick={() => onChange({ category: null, subcategory: null })}
            />
          )}
          <FacetChips
            facets={query.category ? facets.subCategory : facets.category}
            pressed={(value) => query.subcategory === value}
            onClick={(value) =>
              query.category
                ? onChange({ subcategory: query.subcategory === value ? null : value })
                : onChange({ category: value, subcategory: null })
            }
          />
        </ChipGroup>
      )}
      {facets && facets.condition.length > 0 && (
        <ChipGroup title="Condition">
          <FacetChips
            facets={facets.condition}
            pressed={(value) => query.conditions?.includes(value) ?? false}
            onClick={(value) => onChange({ conditions: toggled(query.conditions, value) })}
          />
        </ChipGroup>
      )}
      {facets && (
        <ChipGroup title="Price">
          <FacetChips
            facets={facets.price.filter((f) => f.count > 0 || chosenRange?.key === f.value)}
            pressed={(value) => chosenRange?.key === value}
            onClick={(value) => {
              const range = PRICE_RANGES.find((r) => r.key === value);
              onChange(
                chosenRange?.key === value || !range
                  ? { minPrice: undefined, maxPrice: undefined }
                  : { minPrice: range.minCents, maxPrice: range.maxCents ?? undefined },
              );
            }}
          />
        </ChipGroup>
      )}
      <DollarRangeForm
        title="Price range ($)"
        what="price"
        names={['minPrice', 'maxPrice']}
        step="0.01"
        range={[query.minPrice, query.maxPrice]}
        toCents={dollarsToCents}
        onApply={([minPrice, maxPrice]) => onChange({ minPrice, maxPrice })}
      />
      {facets && (
        <ChipGroup title="Delivery">
          <FacetChips
            facets={facets.delivery}
            pressed={(value) => query.delivery?.includes(value as DeliveryOption) ?? false}
            onClick={(value) => onChange({ delivery: toggled(query.delivery, value as DeliveryOption) })}
          />
        </ChipGroup>
      )}
      <label className="search-filters__distance">
        Distance
        <select
          value={query.d ?? 50}
          disabled={!hasLocation}
          title={hasLocation ? undefined : 'Choose Your location first'}
          onChange={(event) => onChange({ d: Number(event.target.value) })}
        >
          {DISTANCES.map((d) => (
            <option key={d} value={d}>
              Within {d} miles
            </option>
          ))}
        </select>
      </label>
      {/* Issue 33: what ships reaches you from anywhere; the distance then bounds pickup only. */}
      <label className="search-filters__nationwide">
        <input
          type="checkbox"
          checked={query.nationwide ?? false}
          disabled={!hasLocation}
          onChange={(event) => onChange({ nationwide: event.target.checked || undefined })}
        />
        Ships to you
      </label>
    </aside>
  );
}

/** `list` with `value` added, or removed when it holds it; undefined once empty (no filter). */
export function toggled<T extends string>(list: T[] | undefined, value: T): T[] | undefined {
  const next = list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value];
  return next.length ? next : undefined;
}

export function ChipGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="chip-group">
      <legend>{title}</legend>
      <div className="chip-group__chips">{children}</div>
    </fieldset>
  );
}

export function Chip({
  label,
  count,
  pressed,
  onClick,
}: {
  label: string;
  count?: number;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={onClick}>
      {label}
      {count !== undefined && <span className="chip__count">{count.toLocaleString('en-US')}</span>}
    </button>
  );
}

/** A facet's values as chips, each with how many it finds: `pressed` says which are chosen, `onClick` what choosing one does. */
export function FacetChips({
  facets,
  pressed,
  onClick,
}: {
  facets: readonly { value: string; label: string; count: number }[];
  pressed: (value: string) => boolean;
  onClick: (value: string) => void;
}) {
  return facets.map((f) => (
    <Chip key={f.value} label={f.label} count={f.count} pressed={pressed(f.value)} onClick={() => onClick(f.value)} />
  ));
}

type CentsRange = [min: number | undefined, max: number | undefined];

/**
 * A min and max amount typed in dollars and applied together; the query (and the api) hold cents,
 * `toCents` turns the dollars typed (never below 0) into them. An empty or unreadable box is no bound.
 */
export function DollarRangeForm({
  title,
  what,
  names,
  step,
  range,
  toCents,
  onApply,
}: {
  title: string;
  /** What the amounts are, as the inputs' labels name it ("Minimum price"). */
  what: string;
  names: readonly [min: string, max: string];
  step: number | string;
  range: CentsRange;
  toCents: (dollars: number) => number;
  onApply: (range: CentsRange) => void;
}) {
  const id = useId();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const cents = (name: string) => {
      const value = String(data.get(name) ?? '').trim();
      const dollars = Number(value);
      return value === '' || !Number.isFinite(dollars) ? undefined : toCents(Math.max(0, dollars));
    };
    onApply([cents(names[0]), cents(names[1])]);
  }
  return (
    <form className="search-filters__price" onSubmit={onSubmit} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {RANGE_ENDS.map(({ placeholder, label }, end) => (
        <input
          key={`${names[end]}-${range[end]}`}
          name={names[end]}
          type="number"
          min={0}
          step={step}
          placeholder={placeholder}
          aria-label={`${label} ${what}`}
          defaultValue={range[end] === undefined ? '' : centsToDollarInput(range[end])}
        />
      ))}
      <button type="submit" className="button button--secondary">
        Apply
      </button>
    </form>
  );
}
