import type { MerchRail, ParsedSearchFilters } from '@yardly/shared/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { categories } from '../../db/schema/index';
import { search } from './service';

export interface MerchQuery {
  zip?: string;
  location?: string;
  d: number;
  size: number;
}

/** The home page's rails (spec: carasoul_data); v2 adds one per category shortcut. */
export async function merchRails(db: Db, query: MerchQuery, withShortcuts: boolean, now: Date): Promise<MerchRail[]> {
  const near = { zip: query.zip, location: query.location, d: query.d };
  const place = query.zip ? `zip=${query.zip}&d=${query.d}` : '';
  const rails: { key: string; title: string; link: string; filters: Partial<ParsedSearchFilters> }[] = [
    {
      key: 'near-you',
      title: 'Near you',
      link: withPlace('sortBy=distance', place),
      filters: { ...near, sortBy: 'distance' },
    },
    {
      key: 'free-near-you',
      title: 'Free near you',
      link: withPlace('freeOnly=true&sortBy=distance', place),
      filters: { ...near, freeOnly: true, sortBy: 'distance' },
    },
    { key: 'just-listed', title: 'Just listed', link: '/products?sortBy=newest', filters: { sortBy: 'newest' } },
  ];
  if (withShortcuts) {
    const shortcuts = await db
      .select({ refnum: categories.refnum, title: categories.title })
      .from(categories)
      .where(and(isNull(categories.parentId), eq(categories.shortcut, true), eq(categories.hidden, false)))
      .orderBy(asc(categories.position));
    for (const shortcut of shortcuts) {
      rails.push({
        key: `category-${shortcut.refnum}`,
        title: shortcut.title,
        link: withPlace(`categoryRefnum=${shortcut.refnum}&sortBy=newest`, place),
        filters: { ...near, categoryRefnum: shortcut.refnum, sortBy: 'newest' },
      });
    }
  }
  return Promise.all(
    rails.map(async ({ filters, ...rail }) => {
      const result = await search(db, { d: query.d, page: 0, size: query.size, nationwide: false, ...filters }, now, {
        facets: false,
      });
      return { ...rail, docs: result.data.docs };
    }),
  );
}

function withPlace(query: string, place: string): string {
  return `/products?${place ? `${query}&${place}` : query}`;
}
