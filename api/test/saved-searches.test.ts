import type { LoginData } from '@yardly/shared/contract';
import { priceDropText, SAVED_SEARCH_LIMITS, savedSearchAlertText, savedSearchMessages } from '@yardly/shared/rules';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, users } from '../src/db/schema/index';
import { salesMatching } from '../src/modules/saved-searches/match';
import { advanceClock, json, startTestApp, type TestApp } from './harness';
import { freshEmail, outbox, signedUp } from './identity-helpers';
import { b2bOrganisation, memberOf, organisationListing } from './marketplace-helpers';
import { notificationsOf } from './notification-helpers';
import { advanceKeepingSignedIn } from './offer-helpers';
import { listedRental, rentalCall } from './rental-helpers';
import { auth, createListing, draftRef, goodForm, publishedListing } from './selling-helpers';

// Issue 37: saved searches, and the alerts a new listing sends their savers.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

function save(token: string | undefined, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/svc/saved-searches',
    payload: body,
    headers: token ? auth(token) : {},
  });
}

async function saved(token: string, body: object): Promise<string> {
  const res = await save(token, body);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ data: { savedSearchId: string } }>(res).data.savedSearchId;
}

async function list(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/svc/saved-searches', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return json<{
    data: {
      id: string;
      name: string;
      kind: string;
      filters: Record<string, unknown>;
      createdAt: string;
      url: string;
    }[];
  }>(res).data;
}

const bikeNear = { name: 'bike near 10001', kind: 'sale', filters: { q: 'bike', zip: '10001', d: 10 } };

/** The texts of a person's marketplace notifications that tell of a saved search's match. */
async function alertsOf(person: LoginData): Promise<{ text: string; link: string | null }[]> {
  const page = await notificationsOf(t, person.token);
  return page.items.filter((n) => n.text.startsWith('New near you:')).map((n) => ({ text: n.text, link: n.link }));
}

describe('saved searches', () => {
  it('saves, lists newest first with the results page, and deletes only the owner’s', async () => {
    const buyer = await signedUp(t, freshEmail('saver'));
    const other = await signedUp(t, freshEmail('other'));
    const first = await saved(buyer.token, { ...bikeNear, name: '  bike near 10001  ' });
    await advanceClock(t, 1);
    const second = await saved(buyer.token, {
      name: 'Flats',
      kind: 'rental',
      filters: { zip: '10001', d: 10, bedrooms: 2 },
    });
    const mine = await list(buyer.token);
    expect(mine.map((s) => s.id)).toEqual([second, first]);
    expect(mine[1]).toMatchObject({
      name: 'bike near 10001',
      kind: 'sale',
      filters: { q: 'bike', zip: '10001', d: 10 },
    });
    expect(mine[1]?.url).toContain('/products?');
    expect(mine[1]?.url).toContain('q=bike');
    expect(mine[0]?.url).toContain('/rentalslist?');
    expect(await list(other.token)).toEqual([]);

    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/svc/saved-searches/${first}`,
      headers: auth(other.token),
    });
    expect(notTheirs.statusCode).toBe(404);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/svc/saved-searches/${first}`,
      headers: auth(buyer.token),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await list(buyer.token)).map((s) => s.id)).toEqual([second]);
  });

  it('needs a sign-in, a name and the search call’s own filters', async () => {
    expect((await save(undefined, bikeNear)).statusCode).toBe(401);
    const buyer = await signedUp(t, freshEmail('saver'));
    const noName = await save(buyer.token, { ...bikeNear, name: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(savedSearchMessages.nameRequired);
    const unknownField = await save(buyer.token, { ...bikeNear, filters: { q: 'bike', colour: 'red' } });
    expect(unknownField.statusCode).toBe(400);
    const badPrice = await save(buyer.token, { ...bikeNear, filters: { minPrice: 500, maxPrice: 100 } });
    expect(badPrice.statusCode).toBe(400);
    const longName = await save(buyer.token, { ...bikeNear, name: 'x'.repeat(SAVED_SEARCH_LIMITS.nameMax + 1) });
    expect(longName.statusCode).toBe(400);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMITS.perPerson} a person`, async () => {
    const buyer = await signedUp(t, freshEmail('saver'));
    for (let i = 0; i < SAVED_SEARCH_LIMITS.perPerson; i += 1)
      await saved(buyer.token, { ...bikeNear, name: `search ${i}` });
    const over = await save(buyer.token, bikeNear);
    expect(over.statusCode).toBe(400);
    expect(json<{ msg?: string; error?: string }>(over).msg ?? over.body).toContain(savedSearchMessages.tooMany);
  });
});

describe('saved search alerts', () => {
  it('tells a matching saver once, however often the listing goes live, and not the seller or a non-match', async () => {
    const buyer = await signedUp(t, freshEmail('buyer'));
    const seller = await signedUp(t, freshEmail('seller'));
    await saved(buyer.token, bikeNear);
    // The seller's own search matches their own listing: never told of it.
    await saved(seller.token, bikeNear);
    const bike = await publishedListing(t, seller.token, {
      listingTitle: 'Red road bike',
      listingPrice: 8000,
      zip: '10001',
    });
    await publishedListing(t, seller.token, { listingTitle: 'Green teapot', zip: '10001' });
    await advanceKeepingSignedIn(t, 1, [buyer, seller]);
    const told = await alertsOf(buyer);
    expect(told).toEqual([
      expect.objectContaining({ text: savedSearchAlertText('Red road bike', 8000), link: `/${bike}` }),
    ]);
    expect(told[0]?.text).toBe('New near you: Red road bike, $80.00');
    expect(await alertsOf(seller)).toEqual([]);

    // Deactivated and reactivated, relisted: still told once.
    for (const _ of [1, 2]) {
      const toggled = await t.app.inject({
        method: 'POST',
        url: '/svc/listing/toggle-active-status',
        payload: { listingRefnum: bike },
        headers: auth(seller.token),
      });
      expect(toggled.statusCode, toggled.body).toBe(200);
    }
    const off = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/toggle-active-status',
      payload: { listingRefnum: bike },
      headers: auth(seller.token),
    });
    expect(off.statusCode, off.body).toBe(200);
    const relisted = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/relist',
      payload: { listingRefnum: bike },
      headers: auth(seller.token),
    });
    expect(relisted.statusCode, relisted.body).toBe(200);
    await advanceKeepingSignedIn(t, 1, [buyer, seller]);
    expect(await alertsOf(buyer)).toHaveLength(1);
  });

  it('tells once when two listings’ publishing races, and not of a listing too far away', async () => {
    const buyer = await signedUp(t, freshEmail('buyer'));
    const seller = await signedUp(t, freshEmail('seller'));
    await saved(buyer.token, { name: 'kayak', kind: 'sale', filters: { q: 'kayak', zip: '10001', d: 10 } });
    // 90210 is Beverly Hills, far beyond 10 miles of 10001.
    await publishedListing(t, seller.token, { listingTitle: 'Blue kayak', zip: '90210', shippable: false });
    const [a, b] = await Promise.all([
      publishedListing(t, seller.token, { listingTitle: 'Yellow kayak', zip: '10001' }),
      publishedListing(t, seller.token, { listingTitle: 'Orange kayak', zip: '10001' }),
    ]);
    await advanceKeepingSignedIn(t, 1, [buyer, seller]);
    const told = await alertsOf(buyer);
    expect(told.map((n) => n.link).sort()).toEqual([`/${a}`, `/${b}`].sort());
  });

  it('never tells of a members-only listing someone outside its organisation saved a search for', async () => {
    const organisation = await b2bOrganisation(t);
    const member = await memberOf(t, organisation, 'seller');
    const colleague = await memberOf(t, organisation, 'colleague');
    const outsider = await signedUp(t, freshEmail('outsider'));
    const search = { name: 'lamp', kind: 'sale', filters: { q: 'lamp' } };
    await saved(outsider.token, search);
    await saved(colleague.token, search);
    const lamp = await organisationListing(t, member, organisation, 'Brass desk lamp');
    await advanceKeepingSignedIn(t, 1, [outsider, colleague, member]);
    expect(await alertsOf(outsider)).toEqual([]);
    expect((await alertsOf(colleague)).map((n) => n.link)).toEqual([`/${lamp}`]);
  });

  it('mails one digest a day of the matches, only while the setting allows it', async () => {
    const buyer = await signedUp(t, freshEmail('digest'));
    const unsubscribed = await signedUp(t, freshEmail('nodigest'));
    const seller = await signedUp(t, freshEmail('seller'));
    const off = await t.app.inject({
      method: 'POST',
      url: '/svc/account/setSavedSearchAlerts?enabled=false',
      headers: auth(unsubscribed.token),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(json<{ data: { savedSearchAlerts: boolean } }>(off).data.savedSearchAlerts).toBe(false);
    const search = { name: 'guitar', kind: 'sale', filters: { q: 'guitar', zip: '10001' } };
    await saved(buyer.token, search);
    await saved(unsubscribed.token, search);
    await publishedListing(t, seller.token, { listingTitle: 'Acoustic guitar', listingPrice: 12000 });
    await publishedListing(t, seller.token, { listingTitle: 'Electric guitar', listingPrice: 30000 });
    await advanceKeepingSignedIn(t, 1, [buyer, unsubscribed, seller]);
    expect(await alertsOf(unsubscribed)).toHaveLength(2);
    await advanceKeepingSignedIn(t, 24 * 60, [buyer, unsubscribed, seller]);
    const digests = (await outbox(t, buyer.email)).filter((m) => m.subject === savedSearchMessages.digestSubject);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain(savedSearchAlertText('Acoustic guitar', 12000));
    expect(digests[0]?.text).toContain(savedSearchAlertText('Electric guitar', 30000));
    expect(digests[0]?.text).toContain('/unsubscribe?id=');
    expect(
      (await outbox(t, unsubscribed.email)).filter((m) => m.subject === savedSearchMessages.digestSubject),
    ).toEqual([]);
    // The next day's digest does not repeat them.
    await advanceKeepingSignedIn(t, 24 * 60, [buyer, unsubscribed, seller]);
    expect((await outbox(t, buyer.email)).filter((m) => m.subject === savedSearchMessages.digestSubject)).toHaveLength(
      1,
    );
  });
  it('matches to the edge of the radius and no further, and tells a "Ships to you" saver near the item once', async () => {
    // Two zips either side of a radius, a twentieth of a mile apart at about 20 miles from 10001:
    // both inside the box the index finds a search by (1% wider), only the nearer within the radius.
    const db = t.database.db;
    const pair = (await db.execute(sql`
      with centre as (select longitude, latitude from zip_codes where zip = '10001'),
      ring as (
        select z.zip, point(z.longitude, z.latitude) <@> point(c.longitude, c.latitude) as miles
        from zip_codes z, centre c where z.latitude is not null),
      ordered as (select zip, miles, lead(zip) over (order by miles) as next_zip,
        lead(miles) over (order by miles) as next_miles from ring where miles between 18 and 22)
      select zip, miles, next_zip, next_miles from ordered where next_miles - miles between 0.01 and 0.1
      order by abs(miles - 20) limit 1`)) as unknown as {
      rows: { zip: string; miles: number; next_zip: string; next_miles: number }[];
    };
    const edge = pair.rows[0];
    if (!edge) throw new Error('no two zips either side of 20 miles from 10001');
    const radius = (Number(edge.miles) + Number(edge.next_miles)) / 2;
    const buyer = await signedUp(t, freshEmail('edge'));
    const shipsToYou = await signedUp(t, freshEmail('ships-to-you'));
    const seller = await signedUp(t, freshEmail('seller'));
    await saved(buyer.token, { name: 'canoe', kind: 'sale', filters: { q: 'canoe', zip: '10001', d: radius } });
    await saved(shipsToYou.token, {
      name: 'canoe anywhere',
      kind: 'sale',
      filters: { q: 'canoe', zip: '10001', d: 30, nationwide: true },
    });
    const inside = await publishedListing(t, seller.token, {
      listingTitle: 'Cedar canoe',
      zip: edge.zip,
      shippable: false,
    });
    await publishedListing(t, seller.token, { listingTitle: 'Birch canoe', zip: edge.next_zip, shippable: false });
    const shipped = await publishedListing(t, seller.token, { listingTitle: 'Kevlar canoe', zip: '10001' });
    await advanceKeepingSignedIn(t, 1, [buyer, shipsToYou, seller]);
    expect((await alertsOf(buyer)).map((n) => n.link).sort()).toEqual([`/${inside}`, `/${shipped}`].sort());
    // The "Ships to you" search is within its radius of the shipped canoe and ships to any distance:
    // one hit, not one for each way it is found; and the pickup-only canoes within 30 miles too.
    expect((await alertsOf(shipsToYou)).map((n) => n.link)).toContain(`/${shipped}`);
    const [row] = await db
      .select({ id: listings.id, createdAt: listings.createdAt })
      .from(listings)
      .where(eq(listings.refnum, shipped));
    if (!row) throw new Error('the shipped canoe is not saved');
    const hits = await salesMatching(db, row.id, new Date(row.createdAt.getTime() + 60_000));
    const savers = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.refnum, [buyer.userRefnum, shipsToYou.userRefnum]));
    expect(hits.map((h) => h.userId).sort()).toEqual(savers.map((u) => u.id).sort());
  });
});

describe('the reverse search’s text', () => {
  it('matches a listing’s text as the search does, whatever the saved query’s shape (ADR 0075)', async () => {
    const db = t.database.db;
    const saver = await signedUp(t, freshEmail('words'));
    const seller = await signedUp(t, freshEmail('seller'));
    const queries = {
      'teal tandem': true,
      'tandem -broken': true,
      // Only a negation: no word of its own to be found by, so tested against every listing in reach.
      '-broken': true,
      'kayak or tandem': true,
      '"gravel tandem"': true,
      tandems: true,
      kayak: false,
      'tandem -teal': false,
      'teal kayak': false,
    } as const;
    const refnums = new Map<string, string>();
    for (const q of Object.keys(queries)) {
      refnums.set(await saved(saver.token, { name: q, kind: 'sale', filters: { q, zip: '10001', d: 10 } }), q);
    }
    const rows = (await db.execute(sql`select id, refnum, words from saved_searches
      where refnum in ${[...refnums.keys()]}`)) as unknown as {
      rows: { id: number; refnum: string; words: string[] | null }[];
    };
    const byId = new Map(rows.rows.map((row) => [Number(row.id), refnums.get(row.refnum)]));
    const wordsOf = (q: string) => rows.rows.find((row) => refnums.get(row.refnum) === q)?.words;
    expect(wordsOf('teal tandem')).toEqual(['tandem', 'teal']);
    expect(wordsOf('kayak or tandem')).toEqual(['kayak', 'tandem']);
    expect(wordsOf('-broken')).toBeNull();

    const tandem = await publishedListing(t, seller.token, {
      listingTitle: 'Teal gravel tandem',
      zip: '10001',
      shippable: false,
    });
    const [listing] = await db
      .select({ id: listings.id, createdAt: listings.createdAt })
      .from(listings)
      .where(eq(listings.refnum, tandem));
    if (!listing) throw new Error('the tandem is not saved');
    const hits = await salesMatching(db, listing.id, new Date(listing.createdAt.getTime() + 60_000));
    const matched = hits.map((hit) => byId.get(hit.savedSearchId)).filter((q) => q !== undefined);
    const expected = Object.entries(queries)
      .filter(([, matches]) => matches)
      .map(([q]) => q);
    expect(matched.sort()).toEqual(expected.sort());
  });
});

/** The seller edits the listing's price through the sell form, as the item page's Edit does. */
async function repriced(seller: LoginData, listingRefnum: string, title: string, listingPrice: number) {
  const form = await goodForm(t, await draftRef(t, seller.token, listingRefnum), { listingTitle: title, listingPrice });
  const res = await createListing(t, seller.token, form);
  expect(res.statusCode, res.body).toBe(200);
}

async function noticesOf(person: LoginData, prefix: string) {
  return (await notificationsOf(t, person.token)).items.filter((n) => n.text.startsWith(prefix));
}

describe('price drops', () => {
  it('tells everyone who hearted a listing of each drop once, never of a rise, and alerts a saver whose range it enters', async () => {
    const seller = await signedUp(t, freshEmail('seller'));
    const liker = await signedUp(t, freshEmail('liker'));
    const saver = await signedUp(t, freshEmail('saver'));
    await saved(saver.token, { name: 'cheap lamp', kind: 'sale', filters: { q: 'lamp', maxPrice: 5000 } });
    const lamp = await publishedListing(t, seller.token, { listingTitle: 'Tall floor lamp', listingPrice: 8000 });
    const hearted = await t.app.inject({
      method: 'POST',
      url: `/svc/fav/create?listingRefnum=${lamp}`,
      headers: auth(liker.token),
    });
    expect(hearted.statusCode, hearted.body).toBe(200);
    await advanceKeepingSignedIn(t, 1, [seller, liker, saver]);
    expect(await alertsOf(saver)).toEqual([]);

    await repriced(seller, lamp, 'Tall floor lamp', 6000);
    await advanceKeepingSignedIn(t, 1, [seller, liker, saver]);
    expect((await noticesOf(liker, 'Price dropped')).map((n) => [n.text, n.link])).toEqual([
      [priceDropText('Tall floor lamp', 6000), `/${lamp}`],
    ]);
    expect(priceDropText('Tall floor lamp', 6000)).toBe('Price dropped to $60.00 on Tall floor lamp');
    expect(await alertsOf(saver)).toEqual([]);

    // A rise tells nobody; the next drop, into the saved search's range, tells both once.
    await repriced(seller, lamp, 'Tall floor lamp', 7000);
    await advanceKeepingSignedIn(t, 1, [seller, liker, saver]);
    expect(await noticesOf(liker, 'Price dropped')).toHaveLength(1);
    await repriced(seller, lamp, 'Tall floor lamp', 4500);
    await advanceKeepingSignedIn(t, 5, [seller, liker, saver]);
    expect((await noticesOf(liker, 'Price dropped')).map((n) => n.text)).toEqual([
      priceDropText('Tall floor lamp', 4500),
      priceDropText('Tall floor lamp', 6000),
    ]);
    expect((await alertsOf(saver)).map((n) => n.text)).toEqual([savedSearchAlertText('Tall floor lamp', 4500)]);
    expect(await noticesOf(seller, 'Price dropped')).toEqual([]);
  });
});

describe('rental saved searches', () => {
  it('tells a saver of a place that matches, in the rentals’ notifications, and not of one that does not', async () => {
    const landlord = await signedUp(t, freshEmail('landlord'));
    const renter = await signedUp(t, freshEmail('renter'));
    await saved(renter.token, {
      name: 'two beds near 10001',
      kind: 'rental',
      filters: { zip: '10001', d: 10, bedrooms: 2, maxRent: 350_000 },
    });
    const flat = await listedRental(t, landlord.token, {
      title: 'Bright two-bedroom flat',
      bedrooms: 2,
      expectedRent: 320_000,
    });
    await listedRental(t, landlord.token, { title: 'Pricey loft', bedrooms: 3, expectedRent: 900_000 });
    await listedRental(t, landlord.token, { title: 'Tiny studio', bedrooms: 0, expectedRent: 150_000 });
    await advanceKeepingSignedIn(t, 1, [landlord, renter]);
    const res = await rentalCall(t, 'GET', '/svc/rental/notifications?size=50', renter.token);
    expect(res.statusCode, res.body).toBe(200);
    const items = json<{ data: { notifications: { content: { text: string; link: string | null }[] } } }>(res).data
      .notifications.content;
    expect(items.map((n) => [n.text, n.link])).toEqual([
      [savedSearchAlertText('Bright two-bedroom flat', 320_000), `/${flat}`],
    ]);
    expect(await alertsOf(renter)).toEqual([]);
  });

  it('honours pets and "available by" as /rental/search does', async () => {
    const landlord = await signedUp(t, freshEmail('landlord'));
    const withDog = await signedUp(t, freshEmail('dog-owner'));
    const withBoth = await signedUp(t, freshEmail('cat-and-dog-owner'));
    const withEither = await signedUp(t, freshEmail('any-pet'));
    const near = { zip: '10001', d: 10 };
    await saved(withDog.token, {
      name: 'dogs by spring',
      kind: 'rental',
      filters: { ...near, pets: 'dogs', availableBy: '2027-03-01' },
    });
    await saved(withBoth.token, { name: 'both', kind: 'rental', filters: { ...near, pets: ['cats', 'dogs'] } });
    await saved(withEither.token, { name: 'either', kind: 'rental', filters: { ...near, pets: 'any' } });
    const places = {
      dogsSoon: { title: 'Dog-friendly flat', cats: false, dogs: true, availableFrom: '2027-02-01' },
      dogsLate: { title: 'Dog-friendly flat from summer', cats: false, dogs: true, availableFrom: '2027-06-01' },
      catsOnly: { title: 'Cat-friendly studio', cats: true, dogs: false, availableFrom: '2027-01-01' },
      both: { title: 'Pet-friendly house', cats: true, dogs: true, availableFrom: '2027-03-01' },
      none: { title: 'No pets loft', cats: false, dogs: false, availableFrom: '2027-01-01' },
    };
    for (const place of Object.values(places)) await listedRental(t, landlord.token, place);
    await advanceKeepingSignedIn(t, 1, [landlord, withDog, withBoth, withEither]);
    const toldOf = async (person: LoginData) => {
      const res = await rentalCall(t, 'GET', '/svc/rental/notifications?size=50', person.token);
      expect(res.statusCode, res.body).toBe(200);
      return json<{ data: { notifications: { content: { text: string }[] } } }>(res)
        .data.notifications.content.map((n) => n.text)
        .sort();
    };
    const alert = (place: { title: string }) => savedSearchAlertText(place.title, 320_000);
    expect(await toldOf(withDog)).toEqual([alert(places.dogsSoon), alert(places.both)].sort());
    expect(await toldOf(withBoth)).toEqual([alert(places.both)]);
    expect(await toldOf(withEither)).toEqual(
      [alert(places.dogsSoon), alert(places.dogsLate), alert(places.catsOnly), alert(places.both)].sort(),
    );
  });
});
