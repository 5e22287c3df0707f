import type { SearchFilters, SearchResult } from '@yardly/shared/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeCellsOf } from '../src/modules/search/place-cells';
import { insertListing, insertSeller } from './fixtures';
import { json, startTestApp, type TestApp } from './harness';
import { post, signedUp } from './identity-helpers';
import { createListing, draftRef, goodForm, publishedListing } from './selling-helpers';

// A text search near a place asks the index for grid cells around the centre (place-cells.ts,
// migration 0012), and a browse reads the listings of the finest cells around it, measured from
// the zip's centre the listing keeps (migration 0022): these tests hold the SQL and TypeScript
// halves of that together.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const seller = await insertSeller(t.database.db, { zip: '10001' });
  // Manhattan, 49 miles north (another 0.5 degree cell), Long Island 51 miles east, Los Angeles.
  for (const [zip, title] of [
    ['10001', 'Walnut rocking chair in Manhattan'],
    ['12577', 'Walnut rocking chair up the Hudson'],
    ['11776', 'Walnut rocking chair on Long Island'],
    ['90012', 'Walnut rocking chair in Los Angeles'],
  ] as const) {
    await insertListing(t.database.db, seller.id, 'home-decor-furniture', { title, zip });
  }
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function searchTitles(filters: SearchFilters, path = '/search/srp'): Promise<string[]> {
  const res = await post(t, path, filters);
  expect(res.statusCode, res.body).toBe(200);
  return json<SearchResult>(res)
    .data.docs.map((doc) => doc.listingTitle)
    .sort();
}

describe('filing listings under grid cells', () => {
  it('files a point in the database exactly where the api looks for it', async () => {
    const zips = await rows<{ latitude: number; longitude: number; cells: number[] }>(sql`
      select latitude, longitude, place_cells_of(latitude, longitude) as cells from zip_codes
      where latitude is not null and (zip like '%00' or zip like '%37') order by zip`);
    expect(zips.length).toBeGreaterThan(500);
    // Points on cell edges, where rounding would show first.
    const edges = await rows<{ latitude: number; longitude: number; cells: number[] }>(sql`
      select lat as latitude, lng as longitude, place_cells_of(lat, lng) as cells
      from (values (40.5::float8, -74::float8), (-90, -180), (90, 180), (0, 0), (24.999999999, -80.5000000001),
                   (47.99999999999999, -104)) as p(lat, lng)`);
    for (const point of [...zips, ...edges]) {
      expect(point.cells, JSON.stringify(point)).toEqual(placeCellsOf(point.latitude, point.longitude));
    }
  });

  it("files each listing by its zip's centre, and keeps that centre and its finest cell", async () => {
    const filed = await rows<{
      cells: number[];
      cell: number;
      latitude: number;
      longitude: number;
      kept: [number, number];
    }>(sql`
      select l.place_cells as cells, l.place_cell as cell, z.latitude, z.longitude,
        json_build_array(l.place_latitude, l.place_longitude) as kept
      from listings l join zip_codes z on z.zip = l.zip`);
    expect(filed).toHaveLength(4);
    for (const row of filed) {
      expect(row.cells).toEqual(placeCellsOf(row.latitude, row.longitude));
      expect(row.cell).toBe(placeCellsOf(row.latitude, row.longitude)[0]);
      expect(row.kept).toEqual([row.latitude, row.longitude]);
    }
  });
});

describe('a text search near a place', () => {
  it('finds what is within the radius, across cells, and nothing beyond it', async () => {
    expect(await searchTitles({ q: 'walnut rocking chair', zip: '10001', d: 50 })).toEqual([
      'Walnut rocking chair in Manhattan',
      'Walnut rocking chair up the Hudson',
    ]);
    expect(await searchTitles({ q: 'walnut rocking chair', zip: '10001', d: 0 })).toEqual([
      'Walnut rocking chair in Manhattan',
    ]);
  });

  it('finds matches on a coarser grid for a wider radius, and everywhere when no grid would narrow it', async () => {
    // 300 miles: two-degree cells; 3,000 miles: no cells at all.
    expect(await searchTitles({ q: 'walnut rocking chair', zip: '10001', d: 300 })).toHaveLength(3);
    expect(await searchTitles({ q: 'walnut rocking chair', zip: '10001', d: 3000 })).toHaveLength(4);
    expect(await searchTitles({ q: 'walnut rocking chair', location: '34.06,-118.24', d: 10 })).toEqual([
      'Walnut rocking chair in Los Angeles',
    ]);
  });

  it('finds an edited listing at its new zip, and no longer at the old one', async () => {
    const seller = await signedUp(t);
    const near = { q: 'teak bookshelf', zip: '10001', d: 50 };
    const refnum = await publishedListing(t, seller.token, { listingTitle: 'Teak bookshelf', zip: '90012' });
    expect(await searchTitles(near)).toEqual([]);

    const form = await goodForm(t, await draftRef(t, seller.token, refnum), {
      listingTitle: 'Teak bookshelf',
      zip: '10002',
    });
    const moved = await createListing(t, seller.token, form);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await searchTitles(near)).toEqual(['Teak bookshelf']);
    expect(await searchTitles({ ...near, zip: '90012' })).toEqual([]);
  });
});

describe('browsing near a place (no text)', () => {
  const browse = async (filters: SearchFilters) =>
    (await searchTitles(filters, '/search/brp')).filter((title) => title.startsWith('Walnut rocking chair'));

  it('finds what is within the radius, across cells and latitude rows, and nothing beyond it', async () => {
    expect(await browse({ zip: '10001', d: 50 })).toEqual([
      'Walnut rocking chair in Manhattan',
      'Walnut rocking chair up the Hudson',
    ]);
    expect(await browse({ zip: '10001', d: 0 })).toEqual(['Walnut rocking chair in Manhattan']);
    expect(await browse({ zip: '10001', d: 300 })).toHaveLength(3);
    // A radius wider than a continent: every latitude row of the box, across every longitude.
    expect(await browse({ zip: '10001', d: 3000 })).toHaveLength(4);
    expect(await browse({ location: '34.06,-118.24', d: 10 })).toEqual(['Walnut rocking chair in Los Angeles']);
  });

  it('gives the distance from the centre to the zip of each listing', async () => {
    const res = await post(t, '/search/brp', { zip: '10001', d: 50, sortBy: 'distance' });
    expect(res.statusCode, res.body).toBe(200);
    const miles = Object.fromEntries(
      json<SearchResult>(res).data.docs.map((doc) => [doc.listingTitle, doc.distance] as const),
    );
    expect(miles['Walnut rocking chair in Manhattan']).toBe(0);
    expect(miles['Walnut rocking chair up the Hudson']).toBe(49);
  });

  it('finds an edited listing at its new zip, and no longer at the old one', async () => {
    const seller = await signedUp(t);
    const titled = (titles: string[]) => titles.filter((title) => title === 'Pine dresser');
    const refnum = await publishedListing(t, seller.token, { listingTitle: 'Pine dresser', zip: '90012' });
    expect(titled(await searchTitles({ zip: '10001', d: 50 }, '/search/brp'))).toEqual([]);

    const form = await goodForm(t, await draftRef(t, seller.token, refnum), {
      listingTitle: 'Pine dresser',
      zip: '10002',
    });
    const moved = await createListing(t, seller.token, form);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(titled(await searchTitles({ zip: '10001', d: 50 }, '/search/brp'))).toEqual(['Pine dresser']);
    expect(titled(await searchTitles({ zip: '90012', d: 50 }, '/search/brp'))).toEqual([]);
  });
});

describe('paging a browse near a place, newest first (read cell by cell)', () => {
  // Oak stools in two cells (Manhattan, and 49 miles up the Hudson on another latitude row) and one
  // beyond the radius, their ages interleaved across the cells, two of the same age (the id decides).
  const stools: { zip: string; minutesAgo: number; condition: 'used' | 'like_new' }[] = [
    { zip: '10001', minutesAgo: 1, condition: 'used' },
    { zip: '12577', minutesAgo: 2, condition: 'like_new' },
    { zip: '10002', minutesAgo: 3, condition: 'used' },
    { zip: '11776', minutesAgo: 4, condition: 'used' },
    { zip: '12577', minutesAgo: 5, condition: 'used' },
    { zip: '10001', minutesAgo: 5, condition: 'like_new' },
    { zip: '10001', minutesAgo: 6, condition: 'used' },
    { zip: '12577', minutesAgo: 7, condition: 'used' },
    { zip: '10002', minutesAgo: 8, condition: 'like_new' },
  ];
  const inRadius: { title: string; createdAt: Date; id: number; condition: string }[] = [];

  beforeAll(async () => {
    const seller = await insertSeller(t.database.db, { zip: '10001' });
    const now = Date.now();
    for (const [i, stool] of stools.entries()) {
      const title = `Oak stool ${i}`;
      const createdAt = new Date(now - stool.minutesAgo * 60_000);
      const row = await insertListing(t.database.db, seller.id, 'home-decor-furniture', {
        title,
        zip: stool.zip,
        condition: stool.condition,
        createdAt,
      });
      if (stool.zip !== '11776') inRadius.push({ title, createdAt, id: row.id, condition: stool.condition });
    }
  });

  /** Every page of the browse, `size` at a time, and the total each page gave. */
  async function allPages(filters: SearchFilters, size: number): Promise<{ titles: string[]; totals: number[] }> {
    const titles: string[] = [];
    const totals: number[] = [];
    for (let page = 0; ; page++) {
      const res = await post(t, '/search/brp', { zip: '10001', d: 50, sortBy: 'newest', ...filters, size, page });
      expect(res.statusCode, res.body).toBe(200);
      const result = json<SearchResult>(res);
      totals.push(result.data.totalElements);
      if (result.data.docs.length === 0) break;
      titles.push(...result.data.docs.map((doc) => doc.listingTitle));
    }
    return { titles, totals };
  }

  const newestFirst = (a: (typeof inRadius)[number], b: (typeof inRadius)[number]) =>
    b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

  it('gives every listing within the radius once, in order, across cells and pages', async () => {
    const { titles, totals } = await allPages({}, 2);
    expect(titles.filter((title) => title.startsWith('Oak stool'))).toEqual(
      [...inRadius].sort(newestFirst).map((stool) => stool.title),
    );
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(totals)).toEqual(new Set([titles.length]));
  });

  it('pages oldest first, and with a facet chosen, the same way', async () => {
    const oldest = await allPages({ sortOrder: 'asc' }, 3);
    expect(oldest.titles.filter((title) => title.startsWith('Oak stool'))).toEqual(
      [...inRadius]
        .sort(newestFirst)
        .reverse()
        .map((stool) => stool.title),
    );
    const likeNew = await allPages({ conditions: ['Like New'] }, 1);
    expect(likeNew.titles.filter((title) => title.startsWith('Oak stool'))).toEqual(
      inRadius
        .filter((stool) => stool.condition === 'like_new')
        .sort(newestFirst)
        .map((stool) => stool.title),
    );
    expect(new Set(likeNew.totals)).toEqual(new Set([likeNew.titles.length]));
  });
});
