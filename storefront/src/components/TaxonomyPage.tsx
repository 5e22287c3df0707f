import type { CategoryNode } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { requireSignedIn } from '../lib/access-gates';
import { browserApi } from '../lib/api';
import { productsPath } from '../lib/routes';
import { narrowTaxonomy, TAXONOMY_PATH, type TaxonomyView, taxonomyPath } from '../lib/taxonomy';
import { stayLoading, useLoaded } from '../lib/use-loaded';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import { Spinner } from './Spinner';

const count = (n: number) => n.toLocaleString('en-US');

function crumbsFor(view: TaxonomyView | null): Crumb[] {
  const crumbs: Crumb[] = [
    { label: 'Home', href: '/' },
    { label: 'Taxonomy', href: TAXONOMY_PATH },
  ];
  if (view?.kind === 'category' || view?.kind === 'subcategory') {
    crumbs.push({ label: view.category.categoryTitle, href: taxonomyPath(view.category.categoryTitle) });
  }
  if (view?.kind === 'subcategory') crumbs.push({ label: view.subCategory.categoryTitle });
  return crumbs;
}

function headingFor(view: TaxonomyView | null): string {
  if (view?.kind === 'category') return view.category.categoryTitle;
  if (view?.kind === 'subcategory') return view.subCategory.categoryTitle;
  return 'Taxonomy';
}

/** One top-level category and its subcategories, each leading to its own narrower view. */
function CategoryGroup({ category, only }: { category: CategoryNode; only?: CategoryNode }) {
  const subs = only ? [only] : category.subCategories;
  return (
    <li className="category-tree__group">
      <h2>
        <a href={taxonomyPath(category.categoryTitle)}>
          {category.categoryTitle} <span className="count">({count(category.listingCount)})</span>
        </a>
      </h2>
      {subs.length > 0 ? (
        <ul className="category-tree__subs">
          {subs.map((sub) => (
            <li key={sub.categoryRefnum}>
              <a href={taxonomyPath(category.categoryTitle, sub.categoryTitle)}>
                <span>{sub.categoryTitle}</span>
                <span className="count">{count(sub.listingCount)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="count">No subcategories</p>
      )}
      <p>
        <a href={productsPath({ category: category.categoryRefnum, subcategory: only?.categoryRefnum })}>
          See the listings
        </a>
      </p>
    </li>
  );
}

/** /taxonomy: the category taxonomy for a signed-in person, narrowed by the titles in the path. */
export function TaxonomyPage({ titles }: { titles: string[] }) {
  const load = useLoaded<TaxonomyView>(
    async () => {
      if (!(await requireSignedIn())) return stayLoading();
      return narrowTaxonomy(await browserApi.categories.all(), titles);
    },
    [titles],
    { failure: 'Could not load the taxonomy' },
  );

  const view = load.data ?? null;
  return (
    <section aria-labelledby="taxonomy-title">
      <Breadcrumbs crumbs={crumbsFor(view)} />
      <h1 id="taxonomy-title">{headingFor(view)}</h1>
      {load.state === 'loading' && <Spinner label="Loading the taxonomy" />}
      {load.state === 'failed' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {view?.kind === 'unknown' && (
        <p className="state-message">
          There is no category named “{view.title}”. <a href={TAXONOMY_PATH}>See all categories</a>
        </p>
      )}
      {view?.kind === 'all' &&
        (view.categories.length === 0 ? (
          <p className="state-message">{listingListMessages.noResults}</p>
        ) : (
          <ul className="category-tree">
            {view.categories.map((category) => (
              <CategoryGroup key={category.categoryRefnum} category={category} />
            ))}
          </ul>
        ))}
      {view?.kind === 'category' && (
        <ul className="category-tree">
          <CategoryGroup category={view.category} />
        </ul>
      )}
      {view?.kind === 'subcategory' && (
        <ul className="category-tree">
          <CategoryGroup category={view.category} only={view.subCategory} />
        </ul>
      )}
    </section>
  );
}
