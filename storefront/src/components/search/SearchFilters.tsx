import { type DeliveryOption, PRICE_RANGES, type SearchResult } from '@yardly/shared/contract';
import { centsToDollarInput, dollarsToCents } from '@yardly/shared/rules';
import { type FormEvent, useId } from 'react';
import type { ProductQuery } from '../../lib/product-query';

type Facets = SearchResult['facetcount']['facetFields'];

export const DISTANCES = [5, 10, 25, 50, 100, 250] as const;

const PRICE_INPUTS = [
  { name: 'minPrice', placeholder: 'Min', label: 'Minimum price' },
  { name: 'maxPrice', placeholder: 'Max', label: 'Maximum price' },
] as const;

interface SearchFiltersProps {
  query: ProductQuery;
  facets: Facets | null;
  hasLocation: boolean;
  onChange: (next: Partial<ProductQuery>) => void;
}

/** Facets as chips (a chip shows how many items choosing it finds), price range, distance and "Ships to you". */
export function SearchFilters({ query, facets, hasLocation, onChange }: SearchFiltersProps) {
  const priceId = useId();
  const toggle = <T extends string>(list: T[] | undefined, value: T): T[] | undefined => {
    const next = list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value];
    return next.length ? next : undefined;
  };
  const chosenRange = PRICE_RANGES.find(
    (r) => query.minPrice === r.minCents && query.maxPrice === (r.maxCents ?? undefined),
  );

  /** The inputs hold dollars; the query (and the api) cents. */
  function onPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const cents = (name: string) => {
      const value = String(data.get(name) ?? '').trim();
      const dollars = Number(value);
      return value === '' || !Number.isFinite(dollars) ? undefined : dollarsToCents(Math.max(0, dollars));
    };
    onChange({ minPrice: cents('minPrice'), maxPrice: cents('maxPrice') });
  }

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
          {(query.category ? facets.subCategory : facets.category).map((f) => (
            <Chip
              key={f.value}
              label={f.label}
              count={f.count}
              pressed={query.subcategory === f.value}
              onClick={() =>
                query.category
                  ? onChange({ subcategory: query.subcategory === f.value ? null : f.value })
                  : onChange({ category: f.value, subcategory: null })
              }
            />
          ))}
        </ChipGroup>
      )}
      {facets && facets.condition.length > 0 && (
        <ChipGroup title="Condition">
          {facets.condition.map((f) => (
            <Chip
              key={f.value}
              label={f.label}
              count={f.count}
              pressed={query.conditions?.includes(f.value) ?? false}
              onClick={() => onChange({ conditions: toggle(query.conditions, f.value) })}
            />
          ))}
        </ChipGroup>
      )}
      {facets && (
        <ChipGroup title="Price">
          {facets.price
            .filter((f) => f.count > 0 || chosenRange?.key === f.value)
            .map((f) => {
              const range = PRICE_RANGES.find((r) => r.key === f.value);
              const pressed = chosenRange?.key === f.value;
              return (
                <Chip
                  key={f.value}
                  label={f.label}
                  count={f.count}
                  pressed={pressed}
                  onClick={() =>
                    onChange(
                      pressed || !range
                        ? { minPrice: undefined, maxPrice: undefined }
                        : { minPrice: range.minCents, maxPrice: range.maxCents ?? undefined },
                    )
                  }
                />
              );
            })}
        </ChipGroup>
      )}
      <form className="search-filters__price" onSubmit={onPrice} aria-labelledby={priceId}>
        <h2 id={priceId}>Price range ($)</h2>
        {PRICE_INPUTS.map(({ name, placeholder, label }) => (
          <input
            key={`${name}-${query[name]}`}
            name={name}
            type="number"
            min={0}
            step="0.01"
            placeholder={placeholder}
            aria-label={label}
            defaultValue={query[name] === undefined ? '' : centsToDollarInput(query[name])}
          />
        ))}
        <button type="submit" className="button button--secondary">
          Apply
        </button>
      </form>
      {facets && (
        <ChipGroup title="Delivery">
          {facets.delivery.map((f) => (
            <Chip
              key={f.value}
              label={f.label}
              count={f.count}
              pressed={query.delivery?.includes(f.value as DeliveryOption) ?? false}
              onClick={() => onChange({ delivery: toggle(query.delivery, f.value as DeliveryOption) })}
            />
          ))}
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
