import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDevClock } from '../src/clock/clock';
import { insertListing, insertSeller } from './fixtures';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { withRoles } from './role-helpers';

// What people read follows the app's clock, never the database's now(): once the dev clock has
// passed a listing's end or a banner's dates, every read says so at once, before any job runs.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 60;
const DAY = 24 * HOUR;

type Page = { data: { docs: { listingRefnum: string; saleType: number }[] } };

async function listedIn(refnum: string) {
  const recent = json<Page>(await t.app.inject({ url: '/svc/listing/recentItems?page=0&size=100' }));
  const browse = json<{ data: { docs: { listingRefnum: string }[] } }>(
    await t.app.inject({
      method: 'POST',
      url: '/search/brp',
      payload: { zip: '10001', d: 5, sortBy: 'newest', size: 100 },
    }),
  );
  const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
  return {
    recent: recent.data.docs.some((doc) => doc.listingRefnum === refnum),
    browse: browse.data.docs.some((doc) => doc.listingRefnum === refnum),
    sitemap: sitemap.includes(`/${refnum}<`),
  };
}

async function itemPage(refnum: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/svc/listing/detailListing/v2',
    payload: { listingRefnum: refnum },
  });
  return json<{ data: { listing: { listingState: string; saleType: number } | null } }>(res).data.listing;
}

describe('reads on the clock', () => {
  it('a listing past its end leaves the lists and reads as expired once the clock passes it, job or no job', async () => {
    const seller = await insertSeller(t.database.db);
    const listing = await insertListing(t.database.db, seller.id, 'electronics', {
      listingEnd: new Date(t.app.clock.now().getTime() + HOUR * 60_000),
    });
    expect(await listedIn(listing.refnum)).toEqual({ recent: true, browse: true, sitemap: true });
    expect(await itemPage(listing.refnum)).toMatchObject({ listingState: 'live' });

    // Moved in this process only: no job runs (the expiry sweep would catch it up on its next pass).
    const clock = t.app.clock;
    if (!isDevClock(clock)) throw new Error('the test app has a dev clock');
    clock.advance(HOUR + 1);
    expect(await listedIn(listing.refnum)).toEqual({ recent: false, browse: false, sitemap: false });
    expect(await itemPage(listing.refnum)).toMatchObject({ listingState: 'expired' });
  });

  it('a banner shows from its start to its end on the clock', async () => {
    const admin = await withRoles(t, await signedUp(t, freshEmail('banner.admin')), ['ROLE_USER', 'ROLE_ADMIN']);
    const now = t.app.clock.now().getTime();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
      'base64',
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/svc/admin/banners',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: {
        title: 'Weekend sale',
        link: '/search?q=sale',
        placement: 'home_hero',
        position: 1,
        active: true,
        image: { src: `data:image/png;base64,${png.toString('base64')}` },
        startsAt: new Date(now + DAY * 60_000).toISOString(),
        endsAt: new Date(now + 3 * DAY * 60_000).toISOString(),
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const showing = async () =>
      json<{ data: { title: string }[] }>(await t.app.inject({ url: '/svc/banners' })).data.map((b) => b.title);

    expect(await showing()).not.toContain('Weekend sale');
    await advanceClock(t, 2 * DAY);
    expect(await showing()).toContain('Weekend sale');
    await advanceClock(t, 2 * DAY);
    expect(await showing()).not.toContain('Weekend sale');
  });
});
