import type { CategoryNode } from '@yardly/shared/contract';
import { describe, expect, it } from 'vitest';
import { narrowTaxonomy, subcategoryTitled, taxonomyPath, taxonomyTitles } from './taxonomy';

function node(categoryTitle: string, slug: string, subCategories: CategoryNode[] = []): CategoryNode {
  return {
    categoryRefnum: 'C0000000001A',
    categoryTitle,
    slug,
    shortcut: false,
    donationAllowed: false,
    restrictedElectronics: false,
    listingCount: 3,
    subCategories,
  };
}

const computers = node('Computers/Tablets/PC', 'computers-tablets-pc');
const electronics = node('Electronics', 'electronics', [computers, node('Audio', 'audio')]);
const books = node('Books and Stationery', 'books-and-stationery', [node('Novels', 'novels')]);
const tree = [electronics, books];

describe('the taxonomy page path', () => {
  it('reads no title, a category title, or a category and a subcategory title', () => {
    expect(taxonomyTitles('/taxonomy')).toEqual([]);
    expect(taxonomyTitles('/taxonomy/')).toEqual([]);
    expect(taxonomyTitles('/taxonomy/Books%20and%20Stationery')).toEqual(['Books and Stationery']);
    expect(taxonomyTitles('/taxonomy/Electronics/Computers%2FTablets%2FPC')).toEqual([
      'Electronics',
      'Computers/Tablets/PC',
    ]);
  });

  it('builds links that read back as the same titles', () => {
    const path = taxonomyPath('Electronics', 'Computers/Tablets/PC');
    expect(path).toBe('/taxonomy/Electronics/Computers%2FTablets%2FPC');
    expect(taxonomyTitles(path)).toEqual(['Electronics', 'Computers/Tablets/PC']);
    expect(taxonomyPath()).toBe('/taxonomy');
  });

  it('keeps a malformed escape as it was sent', () => {
    expect(taxonomyTitles('/taxonomy/100%')).toEqual(['100%']);
  });
});

describe('narrowing the taxonomy', () => {
  it('shows the whole tree without titles', () => {
    expect(narrowTaxonomy(tree, [])).toEqual({ kind: 'all', categories: tree });
  });

  it('narrows to a category by its title in any case, or by its slug', () => {
    expect(narrowTaxonomy(tree, ['electronics'])).toEqual({ kind: 'category', category: electronics });
    expect(narrowTaxonomy(tree, ['books-and-stationery'])).toEqual({ kind: 'category', category: books });
  });

  it('narrows to a subcategory of that category only', () => {
    expect(narrowTaxonomy(tree, ['Electronics', 'Computers/Tablets/PC'])).toEqual({
      kind: 'subcategory',
      category: electronics,
      subCategory: computers,
    });
    expect(narrowTaxonomy(tree, ['Books and Stationery', 'Audio'])).toEqual({ kind: 'unknown', title: 'Audio' });
  });

  it('names the title it does not know', () => {
    expect(narrowTaxonomy(tree, ['Garden'])).toEqual({ kind: 'unknown', title: 'Garden' });
  });
});

describe('the subcategory a /products/{title} names', () => {
  it('is found by its title in any case (a "/" in it too), with its category', () => {
    expect(subcategoryTitled(tree, 'computers/tablets/pc')).toEqual({ category: electronics, subCategory: computers });
    expect(subcategoryTitled(tree, 'Novels')?.category).toBe(books);
  });

  it('is none for a category title or an unknown one', () => {
    expect(subcategoryTitled(tree, 'Electronics')).toBeNull();
    expect(subcategoryTitled(tree, 'Sofas')).toBeNull();
  });
});
