/**
 * /taxonomy (spec section 2, signed-in): the category taxonomy, narrowed by the optional
 * category and subcategory titles in the path (/taxonomy/{category}/{subcategory}).
 */
import type { CategoryNode } from '@yardly/shared/contract';

export const TAXONOMY_PATH = '/taxonomy';

/** What the page shows: the whole tree, one category, one subcategory, or no such title. */
export type TaxonomyView =
  | { kind: 'all'; categories: CategoryNode[] }
  | { kind: 'category'; category: CategoryNode }
  | { kind: 'subcategory'; category: CategoryNode; subCategory: CategoryNode }
  | { kind: 'unknown'; title: string };

/** The titles after /taxonomy in a path, each decoded on its own (a title may hold a '/', sent as %2F). */
export function taxonomyTitles(pathname: string): string[] {
  const rest = pathname.replace(/^\/taxonomy\/?/, '');
  return rest
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .slice(0, 2);
}

/** The page's own link for a category, or one of its subcategories. */
export function taxonomyPath(categoryTitle?: string, subCategoryTitle?: string): string {
  const parts = [categoryTitle, subCategoryTitle].filter((part): part is string => Boolean(part));
  return [TAXONOMY_PATH, ...parts.map(encodeURIComponent)].join('/');
}

function named(nodes: CategoryNode[], title: string): CategoryNode | undefined {
  const wanted = title.trim().toLowerCase();
  return nodes.find((node) => node.categoryTitle.toLowerCase() === wanted || node.slug === wanted);
}

/** The part of the tree the titles name; titles match whatever their case, or a category's slug. */
export function narrowTaxonomy(tree: CategoryNode[], titles: string[]): TaxonomyView {
  const [categoryTitle, subCategoryTitle] = titles;
  if (categoryTitle === undefined) return { kind: 'all', categories: tree };
  const category = named(tree, categoryTitle);
  if (!category) return { kind: 'unknown', title: categoryTitle };
  if (subCategoryTitle === undefined) return { kind: 'category', category };
  const subCategory = named(category.subCategories, subCategoryTitle);
  if (!subCategory) return { kind: 'unknown', title: subCategoryTitle };
  return { kind: 'subcategory', category, subCategory };
}

/**
 * The subcategory a `/products/{subcategory title}` names (spec section 2, the product list's
 * optional title), with its category; matched as the taxonomy's titles are.
 */
export function subcategoryTitled(
  tree: CategoryNode[],
  title: string,
): { category: CategoryNode; subCategory: CategoryNode } | null {
  for (const category of tree) {
    const subCategory = named(category.subCategories, title);
    if (subCategory) return { category, subCategory };
  }
  return null;
}
