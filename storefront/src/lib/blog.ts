/** The blog's categories and addresses (the posts are the `blog` content collection). */

export const BLOG_CATEGORIES = {
  selling: 'Selling',
  buying: 'Buying',
  donating: 'Donating',
  renting: 'Renting',
} as const;

export type BlogCategory = keyof typeof BLOG_CATEGORIES;

export const BLOG_CATEGORY_SLUGS = Object.keys(BLOG_CATEGORIES) as [BlogCategory, ...BlogCategory[]];

export function blogCategoryPath(category: BlogCategory): string {
  return `/blog/category/${category}`;
}

export function blogPostPath(slug: string): string {
  return `/blog/${slug}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'November 2, 2026': a post's date as readers see it. */
export function formatPostDate(date: Date): string {
  return dateFormat.format(date);
}
