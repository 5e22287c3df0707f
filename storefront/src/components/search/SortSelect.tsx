import type { SearchSort } from '@yardly/shared/contract';
import type { ProductQuery } from '../../lib/product-query';

const OPTIONS: { label: string; sortBy: SearchSort; sortOrder?: 'asc' | 'desc'; needs?: 'text' | 'place' }[] = [
  { label: 'Best match', sortBy: 'relevance', needs: 'text' },
  { label: 'Newest first', sortBy: 'newest' },
  { label: 'Price: low to high', sortBy: 'currentPrice', sortOrder: 'asc' },
  { label: 'Price: high to low', sortBy: 'currentPrice', sortOrder: 'desc' },
  { label: 'Nearest first', sortBy: 'distance', needs: 'place' },
];

/** The product list's sort, kept in the URL as sortBy and sortOrder. */
export function SortSelect({
  query,
  hasLocation,
  onChange,
}: {
  query: ProductQuery;
  hasLocation: boolean;
  onChange: (next: Partial<ProductQuery>) => void;
}) {
  const options = OPTIONS.filter((o) =>
    o.needs === 'text' ? Boolean(query.q) : o.needs === 'place' ? hasLocation : true,
  );
  const current = query.sortBy ?? (query.q ? 'relevance' : 'newest');
  const index = options.findIndex(
    (o) => o.sortBy === current && (o.sortOrder === undefined || o.sortOrder === (query.sortOrder ?? 'asc')),
  );
  return (
    <label>
      Sort by{' '}
      <select
        value={Math.max(0, index)}
        onChange={(event) => {
          const option = options[Number(event.target.value)];
          if (option) onChange({ sortBy: option.sortBy, sortOrder: option.sortOrder });
        }}
      >
        {options.map((o, i) => (
          <option key={o.label} value={i}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
