import { useStore } from '@nanostores/react';
import type { SearchResult } from '@yardly/shared/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserApi } from '../lib/api';
import { logFailure } from '../lib/log-failure';
import {
  EMPTY_RESULT,
  fetchProducts,
  type ListOrganisation,
  type ProductListStart,
  type ValidatedQuery,
} from '../lib/product-load';
import { PRODUCT_PAGE_SIZES, type ProductQuery, readProductQuery, searchFiltersFor } from '../lib/product-query';
import { flowPagePath, productsPath } from '../lib/routes';
import { SITE_NAME } from '../lib/site';
import { useHydrated } from '../lib/use-hydrated';
import { openAuthDialog } from '../stores/auth-dialog';
import { $location } from '../stores/location';
import { leaveLostOrganisation } from '../stores/organisation-flow';
import { countGuestSearch, SEARCH_PROMPT_NOTICE } from '../stores/search-counter';
import { $session, $sessionKnown } from '../stores/session';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import type { CardVariant } from './CardFrame';
import { LoadedListings } from './LoadedListings';
import { Pagination } from './Pagination';
import { PerPageSelect } from './PerPageSelect';
import { SaveSearchButton } from './saved-searches/SaveSearchButton';
import { FiltersDrawer } from './search/FiltersDrawer';
import { SearchFilters } from './search/SearchFilters';
import { SortSelect } from './search/SortSelect';
import { ViewToggle } from './ViewToggle';
import '../styles/product-list.css';

const ALL_ITEMS_TITLE = 'All items';

export { SEARCH_PROMPT_NOTICE };

type Load = { status: 'loading' } | { status: 'error' } | { status: 'done'; result: SearchResult };

/** What a list was fetched for: the query and the place's zip. */
function listKey(query: ProductQuery, zip: string | undefined): string {
  return JSON.stringify([query, zip ?? null]);
}

type ListTitles = { category: string | null; subcategory: string | null };

/** The category's and subcategory's names, from the result's facets. */
export function titlesOf(query: ProductQuery, result: SearchResult | null): ListTitles {
  const pivot = result?.facetpivot.pivotFields.find((p) => p.value === query.category);
  return {
    category: pivot?.label ?? null,
    subcategory: pivot?.pivot.find((p) => p.value === query.subcategory)?.label ?? null,
  };
}

/**
 * The product list of /products: text, category, facets, price, distance, sort, page
 * (one-based) and size all live in the URL, so a results page can be shared and reloaded.
 * Searches near the visitor's chosen location. The server renders the first list (`start`,
 * near the place its cookie names), so the page needs no script until it is used; the
 * island fetches again only when the query or the place changes. In an organisation's
 * marketplace (`org`, `/client/{orgName}/products`) its members' listings only, which need the
 * token: the browser fetches the first list too.
 */
export function ProductList({ start, org }: { start: ProductListStart; org?: ListOrganisation }) {
  const [query, setQuery] = useState<ValidatedQuery>(start.query);
  const [load, setLoad] = useState<Load>(
    org ? { status: 'loading' } : start.result ? { status: 'done', result: start.result } : { status: 'error' },
  );
  const [titles, setTitles] = useState(() => (start.result ? titlesOf(start.query, start.result) : null));
  const [view, setView] = useState<CardVariant>('grid');
  // The server's place until hydrated (its HTML), then the one stored in this browser.
  const storedPlace = useStore($location);
  const place = useHydrated() ? storedPlace : start.place;
  const shown = useRef(org ? null : listKey(start.query, start.place?.zip));
  const session = useStore($session);
  const sessionKnown = useStore($sessionKnown);

  useEffect(() => {
    const sync = () => setQuery(readProductQuery(window.location.search));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  const signedIn = session !== null;
  useEffect(() => {
    // An organisation's list is its members': a guest is being sent home by the flow's guard, and
    // asking would only be refused.
    if (org && (!sessionKnown || !signedIn)) return;
    const key = listKey(query, place?.zip);
    if (key === shown.current) return;
    shown.current = key;
    let current = true;
    let settled = false;
    setLoad({ status: 'loading' });
    fetchProducts(browserApi, query, place, org).then(
      (result) => {
        if (!current) return;
        settled = true;
        if (!result) {
          setLoad({ status: 'done', result: EMPTY_RESULT });
          setTitles({ category: null, subcategory: null });
          return;
        }
        setLoad({ status: 'done', result });
        setTitles(titlesOf(query, result));
      },
      (cause: unknown) => {
        if (!current) return;
        settled = true;
        logFailure('Could not load the product list', cause);
        // No longer a member of the organisation (403): out of its flow, to the public marketplace.
        if (org && leaveLostOrganisation(cause, org.orgName)) return;
        setLoad({ status: 'error' });
      },
    );
    return () => {
      current = false;
      // Left before its answer (the same query read again from the address): the next run asks again.
      if (!settled && shown.current === key) shown.current = null;
    };
  }, [query, place, org, sessionKnown, signedIn]);

  // A guest's fifth text search within the window asks them to log in (page turns do not count).
  const searchKey = query?.q ? JSON.stringify({ ...query, page: 1 }) : null;
  useEffect(() => {
    if (!searchKey || !sessionKnown || session) return;
    if (countGuestSearch('marketplace')) openAuthDialog({ name: 'login', notice: SEARCH_PROMPT_NOTICE });
  }, [searchKey, sessionKnown, session]);

  const heading = headingOf(query, titles);

  useEffect(() => {
    if (heading) document.title = `${heading} | ${SITE_NAME}`;
  }, [heading]);

  const orgName = org?.orgName;
  const navigate = useCallback(
    (next: ProductQuery) => {
      window.history.pushState(null, '', productsPath(next, orgName));
      setQuery(readProductQuery(window.location.search));
      window.scrollTo({ top: 0 });
    },
    [orgName],
  );
  // Any filter change starts again at page 1.
  const refine = (change: Partial<ProductQuery>) => query && navigate({ ...query, ...change, page: 1 });
  const result = load.status === 'done' ? load.result : null;

  // Where the list searches: a zip in the address (a saved search's, a shared link's), else the visitor's place.
  const searchedZip = query?.zip ?? place?.zip;

  return (
    <div className="container">
      <Breadcrumbs crumbs={crumbsFor(query, titles, orgName)} />
      <h1 className={heading ? undefined : 'visually-hidden'}>{heading ?? 'Products'}</h1>
      <p className="search-place">
        {query?.zip
          ? `Near ${query.zip}`
          : place
            ? `Near ${place.formattedAddress}`
            : 'Everywhere: choose Your location to search near you'}
      </p>
      {query && !org && (
        <SaveSearchButton
          kind="sale"
          filters={savedFilters(query, place)}
          suggestedName={[query.q || heading || ALL_ITEMS_TITLE, searchedZip && `near ${searchedZip}`]
            .filter(Boolean)
            .join(' ')}
        />
      )}
      <div className="search-layout">
        {query && (
          <FiltersDrawer>
            <SearchFilters
              query={query}
              facets={result?.facetcount.facetFields ?? null}
              hasLocation={Boolean(searchedZip)}
              onChange={refine}
            />
          </FiltersDrawer>
        )}
        <div className="search-layout__results">
          {/* The cards' headings (h3) come under it: on a phone the filters and their headings are in the drawer. */}
          <h2 className="visually-hidden">Results</h2>
          {query && (
            <Toolbar
              total={result ? result.data.totalElements : null}
              query={query}
              view={view}
              onView={setView}
              onSize={(size) => refine({ size })}
              sort={<SortSelect query={query} hasLocation={Boolean(searchedZip)} onChange={refine} />}
            />
          )}
          <Body load={load} view={view} label={heading ?? 'Products'} />
          {query && result && (
            <Pagination
              page={query.page}
              totalPages={Math.ceil(result.data.totalElements / query.size)}
              hrefFor={(page) => productsPath({ ...query, page }, orgName)}
              onChange={(page) => navigate({ ...query, page })}
            />
          )}
        </div>
      </div>
    </div>
  );
}

/** A saved search's filters: the list's own, without its page, size and order (issue 37). */
function savedFilters(query: ProductQuery, place: Parameters<typeof searchFiltersFor>[1]) {
  const { page: _page, size: _size, ...filters } = searchFiltersFor(query, place);
  return filters;
}

/** The list's heading (and the page's title): the search, the category, or all items; null until known. */
export function headingOf(query: ProductQuery, titles: ListTitles | null): string | null {
  if (query.q) return `Results for "${query.q}"`;
  if (!titles) return null;
  return titles.subcategory ?? titles.category ?? (query.category ? 'Products' : ALL_ITEMS_TITLE);
}

function crumbsFor(query: ProductQuery | null, titles: ListTitles | null, orgName?: string): Crumb[] {
  const crumbs: Crumb[] = [
    { label: 'Home', href: flowPagePath('/', orgName) },
    { label: 'Categories', href: flowPagePath('/categories', orgName) },
  ];
  if (!query || !titles) return crumbs;
  if (!query.category) return [...crumbs, { label: ALL_ITEMS_TITLE }];
  if (titles.category) {
    crumbs.push({ label: titles.category, href: productsPath({ category: query.category }, orgName) });
  }
  if (titles.subcategory) crumbs.push({ label: titles.subcategory });
  return crumbs;
}

function Body({ load, view, label }: { load: Load; view: CardVariant; label: string }) {
  return (
    <LoadedListings load={load.status === 'done' ? load.result.data.docs : load.status} layout={view} label={label} />
  );
}

interface ToolbarProps {
  total: number | null;
  query: ProductQuery;
  view: CardVariant;
  onView: (view: CardVariant) => void;
  onSize: (size: number) => void;
  sort: React.ReactNode;
}

function Toolbar({ total, query, view, onView, onSize, sort }: ToolbarProps) {
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
        {sort}
        <PerPageSelect label="Items per page" sizes={sizes} size={query.size} onChange={onSize} />
        <ViewToggle value={view} onChange={onView} />
      </div>
    </div>
  );
}
