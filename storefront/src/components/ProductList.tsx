import { ApiError } from '@yardly/shared/client';
import type { ListingCard as ListingCardData } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useState } from 'react';
import { browserApi } from '../lib/api';
import { PRODUCT_PAGE_SIZES, type ProductQuery, readProductQuery } from '../lib/product-query';
import { productsPath } from '../lib/routes';
import { SITE_NAME } from '../lib/site';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import type { CardVariant } from './ListingCard';
import { ListingCollection } from './ListingCollection';
import { Pagination } from './Pagination';
import { Spinner } from './Spinner';
import { ViewToggle } from './ViewToggle';

const ALL_ITEMS_TITLE = 'All items';

interface Result {
  docs: ListingCardData[];
  totalElements: number;
  categoryTitle: string | null;
  subCategoryTitle: string | null;
}

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; result: Result };

async function fetchProducts(query: ProductQuery & { valid: boolean }): Promise<Result> {
  const empty = { docs: [], totalElements: 0, categoryTitle: null, subCategoryTitle: null };
  if (!query.valid) return empty;
  const paging = { page: query.page - 1, size: query.size };
  if (!query.category) {
    const page = await browserApi.listings.recent(paging);
    return { ...empty, docs: page.docs, totalElements: page.totalElements };
  }
  try {
    return await browserApi.listings.byCategory({
      ...paging,
      categoryRefnum: query.category,
      subCategoryRefnum: query.subcategory ?? undefined,
    });
  } catch (cause) {
    // A category that does not exist (an old link) has no results; anything else is an error.
    if (cause instanceof ApiError && cause.status === 404) return empty;
    throw cause;
  }
}

/**
 * The product list of /products: category, subcategory, page (one-based) and size come from
 * the URL; grid or list cards; spinner, empty and error states; pagination.
 */
export function ProductList() {
  // Read after mount: the page is prerendered, so the server never sees the query string.
  const [query, setQuery] = useState<(ProductQuery & { valid: boolean }) | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [titles, setTitles] = useState<{ category: string | null; subcategory: string | null } | null>(null);
  const [view, setView] = useState<CardVariant>('grid');

  useEffect(() => {
    const sync = () => setQuery(readProductQuery(window.location.search));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  useEffect(() => {
    if (!query) return;
    let current = true;
    setLoad({ status: 'loading' });
    fetchProducts(query).then(
      (result) => {
        if (!current) return;
        setLoad({ status: 'done', result });
        setTitles({ category: result.categoryTitle, subcategory: result.subCategoryTitle });
      },
      (cause: unknown) => {
        if (!current) return;
        console.error('Could not load the product list', cause);
        setLoad({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [query]);

  const heading = titles
    ? (titles.subcategory ?? titles.category ?? (query?.category ? 'Products' : ALL_ITEMS_TITLE))
    : null;

  useEffect(() => {
    if (heading) document.title = `${heading} | ${SITE_NAME}`;
  }, [heading]);

  const navigate = useCallback((next: ProductQuery) => {
    window.history.pushState(null, '', productsPath(next));
    setQuery(readProductQuery(window.location.search));
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <div className="container">
      <Breadcrumbs crumbs={crumbsFor(query, titles)} />
      <h1 className={heading ? undefined : 'visually-hidden'}>{heading ?? 'Products'}</h1>
      {query && (
        <Toolbar
          load={load}
          query={query}
          view={view}
          onView={setView}
          onSize={(size) => navigate({ ...query, size, page: 1 })}
        />
      )}
      <Body load={load} view={view} label={heading ?? 'Products'} />
      {query && load.status === 'done' && (
        <Pagination
          page={query.page}
          totalPages={Math.ceil(load.result.totalElements / query.size)}
          hrefFor={(page) => productsPath({ ...query, page })}
          onChange={(page) => navigate({ ...query, page })}
        />
      )}
    </div>
  );
}

function crumbsFor(
  query: ProductQuery | null,
  titles: { category: string | null; subcategory: string | null } | null,
): Crumb[] {
  const crumbs: Crumb[] = [
    { label: 'Home', href: '/' },
    { label: 'Categories', href: '/categories' },
  ];
  if (!query || !titles) return crumbs;
  if (!query.category) return [...crumbs, { label: ALL_ITEMS_TITLE }];
  if (titles.category) crumbs.push({ label: titles.category, href: productsPath({ category: query.category }) });
  if (titles.subcategory) crumbs.push({ label: titles.subcategory });
  return crumbs;
}

function Body({ load, view, label }: { load: Load; view: CardVariant; label: string }) {
  if (load.status === 'loading') return <Spinner label="Loading items" />;
  if (load.status === 'error') {
    return (
      <p className="state-message state-message--error" role="alert">
        {listingListMessages.fetchError}
      </p>
    );
  }
  if (load.result.docs.length === 0) return <p className="state-message">{listingListMessages.noResults}</p>;
  return <ListingCollection listings={load.result.docs} layout={view} label={label} />;
}

interface ToolbarProps {
  load: Load;
  query: ProductQuery;
  view: CardVariant;
  onView: (view: CardVariant) => void;
  onSize: (size: number) => void;
}

function Toolbar({ load, query, view, onView, onSize }: ToolbarProps) {
  const total = load.status === 'done' ? load.result.totalElements : null;
  const first = (query.page - 1) * query.size + 1;
  const last = total === null ? 0 : Math.min(query.page * query.size, total);
  const sizes: number[] = [...PRODUCT_PAGE_SIZES];
  if (!sizes.includes(query.size)) sizes.push(query.size);
  return (
    <div className="toolbar">
      <p className="toolbar__count" aria-live="polite">
        {total === null
          ? '\u00a0'
          : total === 0 || first > total
            ? `${total.toLocaleString('en-US')} items`
            : `Showing ${first}–${last} of ${total.toLocaleString('en-US')} items`}
      </p>
      <div className="toolbar__controls">
        <label>
          Items per page{' '}
          <select value={query.size} onChange={(event) => onSize(Number(event.target.value))}>
            {sizes
              .sort((a, b) => a - b)
              .map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
          </select>
        </label>
        <ViewToggle value={view} onChange={onView} />
      </div>
    </div>
  );
}
