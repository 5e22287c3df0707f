import type { ListingCard, SellerListing } from '@yardly/shared/contract';
import {
  listingActionMessages,
  listingRuleMessages,
  organisationStatusMessages,
  RESTRICTED_ELECTRONICS_SUBCATEGORIES,
} from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftPhotos, listingDrafts, listings, offers, transitions, users } from '../src/db/schema/index';
import { json, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import { insertOffer } from './offer-helpers';
import {
  auth,
  createListing,
  draftRef,
  type Envelope,
  goodForm,
  image,
  joinOrganisation,
  multipart,
  publishedListing,
  subCategory,
  uploadPhoto,
} from './selling-helpers';

let t: TestApp;
let seller: Awaited<ReturnType<typeof signedUp>>;
let other: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await startTestApp();
  [seller, other] = [await signedUp(t), await signedUp(t)];
});
afterAll(() => t.close());

function body<T>(res: { body: string }) {
  return json<Envelope<T>>(res);
}

async function recentRefnums(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/svc/listing/recentItems?size=100' });
  return body<{ docs: ListingCard[] }>(res).data.docs.map((d) => d.listingRefnum);
}

function action(url: string, listingRefnum: string, token: string, via: 'body' | 'query' = 'body') {
  return t.app.inject({
    method: 'POST',
    url: via === 'query' ? `${url}?listingRefnum=${listingRefnum}` : url,
    payload: via === 'body' ? { listingRefnum } : undefined,
    headers: auth(token),
  });
}

async function addOffer(listingRefnum: string, state: 'pending' | 'accepted' | 'declined') {
  const db = t.database.db;
  const [listing] = await db.select().from(listings).where(eq(listings.refnum, listingRefnum));
  const [buyer] = await db.select().from(users).where(eq(users.refnum, other.userRefnum));
  await insertOffer(db, { listingId: listing?.id ?? 0, buyerId: buyer?.id ?? 0, priceCents: 2000, state });
  // An acceptance reserves its listing for the buyer (offers/service.ts): an accepted offer holds it only so.
  if (state === 'accepted')
    await db.update(listings).set({ state: 'reserved' }).where(eq(listings.refnum, listingRefnum));
}

describe('photos', () => {
  it('needs a signed-in person', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/svc/listings/inputSourceRandomRefnum' });
    expect(res.statusCode).toBe(401);
  });

  it('takes JPG and PNG by content, re-encoded and served, and refuses anything else', async () => {
    const ref = await draftRef(t, seller.token);
    const jpg = await uploadPhoto(t, seller.token, ref, 1);
    expect(jpg.statusCode, jpg.body).toBe(200);
    const png = await uploadPhoto(t, seller.token, ref, 2, await image(300, 200, 'png'));
    expect(body<{ picno: number; pictures: unknown[] }>(png).data).toMatchObject({ picno: 2 });
    const url = body<{ url: string }>(png).data.url;
    const served = await t.app.inject({ method: 'GET', url: `${url}?w=160&h=160` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const text = await multipart(Buffer.from('not a picture at all'), 'photo', 'fake.jpg', 'image/jpeg');
    const fake = await t.app.inject({
      method: 'POST',
      url: `/svc/listings/picture?inputSourceRandomRefnum=${ref}&picno=3`,
      payload: text.payload,
      headers: { ...auth(seller.token), ...text.headers },
    });
    expect(fake.statusCode).toBe(400);
    expect(body(fake).errors).toEqual([{ field: 'photo', message: listingRuleMessages.photoType }]);
  });

  it('refuses a photo over 10 MB', async () => {
    const ref = await draftRef(t, seller.token);
    const big = Buffer.concat([await image(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await uploadPhoto(t, seller.token, ref, 1, big);
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe(listingRuleMessages.photoTooLarge);
  });

  it('refuses a fifth photo', async () => {
    const ref = await draftRef(t, seller.token);
    for (const picno of [1, 2, 3, 4]) expect((await uploadPhoto(t, seller.token, ref, picno)).statusCode).toBe(200);
    const fifth = await uploadPhoto(t, seller.token, ref, 4);
    expect(fifth.statusCode).toBe(400);
    expect(body(fifth).msg).toBe(listingRuleMessages.tooManyPhotos);
  });

  it("refuses a photo upload to someone else's draft", async () => {
    const ref = await draftRef(t, seller.token);
    const res = await uploadPhoto(t, other.token, ref, 1);
    expect(res.statusCode).toBe(403);
    const [draft] = await t.database.db.select().from(listingDrafts).where(eq(listingDrafts.refnum, ref));
    expect(
      await t.database.db
        .select()
        .from(draftPhotos)
        .where(eq(draftPhotos.draftId, draft?.id ?? 0)),
    ).toHaveLength(0);
  });

  it('leaves exactly four photos when four uploads race to a draft that has three', async () => {
    const ref = await draftRef(t, seller.token);
    for (const picno of [1, 2, 3]) expect((await uploadPhoto(t, seller.token, ref, picno)).statusCode).toBe(200);
    const photo = await image();
    const results = await Promise.all([4, 4, 3, 1].map((picno) => uploadPhoto(t, seller.token, ref, picno, photo)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    const [draft] = await t.database.db.select().from(listingDrafts).where(eq(listingDrafts.refnum, ref));
    const rows = await t.database.db
      .select()
      .from(draftPhotos)
      .where(eq(draftPhotos.draftId, draft?.id ?? 0));
    expect(rows.map((r) => r.picno).sort()).toEqual([1, 2, 3, 4]);
  });

  it('deletes a photo by its place, and only from your own draft', async () => {
    const ref = await draftRef(t, seller.token);
    const first = await uploadPhoto(t, seller.token, ref, 1);
    const firstKey = body<{ url: string }>(first).data.url.replace('/svc/files/', '');
    expect(await t.files.get(firstKey)).not.toBeNull();
    await uploadPhoto(t, seller.token, ref, 2);
    const url = `/svc/listings/picture/delete?inputSourceRandomRefnum=${ref}&picno=1`;
    expect((await t.app.inject({ method: 'POST', url, headers: auth(other.token) })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url, headers: auth(seller.token) });
    expect(res.statusCode).toBe(200);
    expect(body<{ pictures: { picno: number }[] }>(res).data.pictures.map((p) => p.picno)).toEqual([2]);
    // Nothing shows the removed photo any more: its file is gone.
    expect(await t.files.get(firstKey)).toBeNull();
    expect((await t.app.inject({ method: 'POST', url, headers: auth(seller.token) })).statusCode).toBe(404);
  });
});

describe('creating a listing', () => {
  it('publishes with its photos, in browse and its category at once', async () => {
    const ref = await draftRef(t, seller.token);
    await uploadPhoto(t, seller.token, ref, 1);
    await uploadPhoto(t, seller.token, ref, 2);
    const form = await goodForm(t, ref, {
      listingTitle: 'Walnut side table',
      categoryRefnum: await subCategory(t, 'Tables & Desks'),
    });
    const res = await createListing(t, seller.token, form);
    expect(res.statusCode, res.body).toBe(200);
    const { listingRefnum, listingStatus } = body<{ listingRefnum: string; listingStatus: string }>(res).data;
    expect(listingStatus).toBe('active');
    expect(await recentRefnums()).toContain(listingRefnum);
    const detail = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/detailListing/v2',
      payload: { listingRefnum },
    });
    const listing = body<{
      listing: {
        pictures: unknown[];
        condition: string;
        listingCurrentPrice: number;
        subCategoryTitle: string;
        categoryRefnum: string;
      };
    }>(detail).data.listing;
    expect(listing).toMatchObject({
      condition: 'Like New',
      listingCurrentPrice: 2500,
      subCategoryTitle: 'Tables & Desks',
    });
    expect(listing.pictures).toHaveLength(2);
    const category = await t.app.inject({
      method: 'POST',
      url: `/svc/listing/bycategoryrefnum?categoryRefnum=${listing.categoryRefnum}&size=100`,
    });
    expect(body<{ docs: ListingCard[] }>(category).data.docs.map((d) => d.listingRefnum)).toContain(listingRefnum);
  });

  it('saves a draft nobody else sees, and publishes it later', async () => {
    const ref = await draftRef(t, seller.token);
    const draft = await createListing(t, seller.token, await goodForm(t, ref, { draft: true, weightLbs: 25 }));
    expect(draft.statusCode, draft.body).toBe(200);
    const { listingRefnum, listingStatus } = body<{ listingRefnum: string; listingStatus: string }>(draft).data;
    expect(listingStatus).toBe('draft');
    expect(await recentRefnums()).not.toContain(listingRefnum);
    // Publishing checks the rules the draft skipped.
    const heavy = await createListing(t, seller.token, await goodForm(t, ref, { weightLbs: 25 }));
    expect(heavy.statusCode).toBe(400);
    const published = await createListing(t, seller.token, await goodForm(t, ref));
    expect(body<{ listingRefnum: string; listingStatus: string }>(published).data).toEqual({
      listingRefnum,
      listingStatus: 'active',
    });
    expect(await recentRefnums()).toContain(listingRefnum);
  });

  it('answers 400 with the field for a form that is not filled in', async () => {
    const ref = await draftRef(t, seller.token);
    const res = await createListing(
      t,
      seller.token,
      await goodForm(t, ref, { listingTitle: ' ', shippable: false, meetToDeliver: false }),
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual(
      expect.arrayContaining([
        { field: 'listingTitle', message: listingRuleMessages.titleRequired },
        { field: 'shippable', message: listingRuleMessages.deliveryRequired },
      ]),
    );
    const top = await createListing(
      t,
      seller.token,
      await goodForm(t, ref, {
        categoryRefnum:
          (await t.app
            .inject({ method: 'GET', url: '/svc/categories' })
            .then((r) => body<{ categoryRefnum: string }[]>(r).data[0]?.categoryRefnum)) ?? '',
      }),
    );
    expect(body(top).errors).toEqual([{ field: 'categoryRefnum', message: listingRuleMessages.categoryRequired }]);
  });
});

describe('the price on the wire', () => {
  it('takes integer cents in and gives the same cents out: 4500 is $45.00', async () => {
    const refnum = await publishedListing(t, seller.token, { listingPrice: 4500 });
    const detail = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/detailListing/v2',
      payload: { listingRefnum: refnum },
    });
    expect(body<{ listing: { listingCurrentPrice: number } }>(detail).data.listing.listingCurrentPrice).toBe(4500);
  });

  it('refuses a fraction of a cent with the price message', async () => {
    const res = await createListing(
      t,
      seller.token,
      await goodForm(t, await draftRef(t, seller.token), { listingPrice: 45.5 }),
    );
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual([{ field: 'listingPrice', message: listingRuleMessages.invalidPrice }]);
  });
});

describe('a failure behind the category check', () => {
  it('answers 500 with the generic message, never "Choose a category"', async () => {
    const broken = await startTestApp();
    try {
      const someone = await signedUp(broken);
      const form = await goodForm(broken, await draftRef(broken, someone.token));
      // The categories table goes away under the api: a database failure, not a person's mistake.
      await broken.database.db.execute(sql`alter table categories rename to categories_gone`);
      const res = await createListing(broken, someone.token, form);
      expect(res.statusCode).toBe(500);
      expect(body(res)).toEqual({ code: 500, msg: 'Something went wrong on our side, please try again in a moment' });
    } finally {
      await broken.close();
    }
  });
});

describe('the marketplace rules', () => {
  async function attempt(overrides: Parameters<typeof goodForm>[2], token = seller.token) {
    return createListing(t, token, await goodForm(t, await draftRef(t, token), overrides));
  }

  it('accepts 20 lbs and refuses 20.1 lbs', async () => {
    expect((await attempt({ weightLbs: 20 })).statusCode).toBe(200);
    const heavy = await attempt({ weightLbs: 20.1 });
    expect(heavy.statusCode).toBe(400);
    expect(body(heavy).errors).toEqual([{ field: 'weightLbs', message: listingRuleMessages.tooHeavy }]);
  });

  it('offers a free item for local pickup only', async () => {
    const shipped = await attempt({ listingPrice: 0 });
    expect(body(shipped).errors).toEqual([{ field: 'shippable', message: listingRuleMessages.freeLocalOnly }]);
    expect((await attempt({ listingPrice: 0, shippable: false })).statusCode).toBe(200);
  });

  it('takes donations only in Clothing and Shoes and Books and Stationery', async () => {
    const local = { listingPrice: 0, shippable: false, donation: true };
    expect((await attempt({ ...local, categoryRefnum: await subCategory(t, 'Fiction') })).statusCode).toBe(200);
    expect((await attempt({ ...local, categoryRefnum: await subCategory(t, "Men's Shoes") })).statusCode).toBe(200);
    const wrong = await attempt({ ...local, categoryRefnum: await subCategory(t, 'Cookware') });
    expect(body(wrong).errors).toEqual([{ field: 'categoryRefnum', message: listingRuleMessages.donationCategory }]);
    const priced = await attempt({
      donation: true,
      listingPrice: 500,
      shippable: false,
      categoryRefnum: await subCategory(t, 'Fiction'),
    });
    expect(body(priced).errors).toEqual([{ field: 'listingPrice', message: listingRuleMessages.donationFree }]);
  });

  describe.each(RESTRICTED_ELECTRONICS_SUBCATEGORIES)('electronics in %s', (title) => {
    it.each(['used', 'open_box', 'parts_not_working'] as const)(
      '%s: local pickup and a verified work email, nothing less',
      async (condition) => {
        const categoryRefnum = await subCategory(t, title);
        const unverified = await signedUp(t);
        const shipped = await attempt({ categoryRefnum, condition }, unverified.token);
        expect(shipped.statusCode).toBe(400);
        expect(body(shipped).errors).toEqual([
          { field: 'shippable', message: listingRuleMessages.restrictedLocalOnly },
          { field: 'condition', message: listingRuleMessages.restrictedNeedsWorkEmail },
        ]);
        const local = await attempt({ categoryRefnum, condition, shippable: false }, unverified.token);
        expect(body(local).errors).toEqual([
          { field: 'condition', message: listingRuleMessages.restrictedNeedsWorkEmail },
        ]);

        const verified = await signedUp(t);
        await joinOrganisation(t, verified.userRefnum, 'VERIFIED');
        const verifiedShipped = await attempt({ categoryRefnum, condition }, verified.token);
        expect(body(verifiedShipped).errors).toEqual([
          { field: 'shippable', message: listingRuleMessages.restrictedLocalOnly },
        ]);
        expect((await attempt({ categoryRefnum, condition, shippable: false }, verified.token)).statusCode).toBe(200);
      },
    );

    it.each(['new', 'like_new'] as const)('%s: shipped by anyone', async (condition) => {
      expect((await attempt({ categoryRefnum: await subCategory(t, title), condition })).statusCode).toBe(200);
    });
  });

  it('does not restrict used items in other electronics', async () => {
    expect((await attempt({ categoryRefnum: await subCategory(t, 'TV & Video'), condition: 'used' })).statusCode).toBe(
      200,
    );
  });

  it.each(['IN_REVIEW', 'REJECTED'] as const)(
    'refuses members of a %s organisation with its message',
    async (status) => {
      const member = await signedUp(t);
      await joinOrganisation(t, member.userRefnum, status);
      const ref = await t.app.inject({
        method: 'GET',
        url: '/svc/listings/inputSourceRandomRefnum',
        headers: auth(member.token),
      });
      expect(ref.statusCode).toBe(403);
      expect(body(ref).msg).toBe(organisationStatusMessages[status]);
    },
  );

  it('refuses a progressive account until it is complete', async () => {
    const person = await signedUp(t);
    await t.database.db.update(users).set({ isProgressive: true }).where(eq(users.refnum, person.userRefnum));
    const ref = await t.app.inject({
      method: 'GET',
      url: '/svc/listings/inputSourceRandomRefnum',
      headers: auth(person.token),
    });
    expect(ref.statusCode).toBe(403);
    expect(body(ref).msg).toBe(listingActionMessages.progressive);
  });

  it("refuses publishing from someone else's form", async () => {
    const res = await createListing(t, other.token, await goodForm(t, await draftRef(t, seller.token)));
    expect(res.statusCode).toBe(403);
  });

  it('refuses an unknown zip', async () => {
    const res = await attempt({ zip: '00000' });
    expect(body(res).errors).toEqual([{ field: 'zip', message: listingRuleMessages.invalidZip }]);
  });
});

describe('managing a listing', () => {
  it('marks sold (then locked for editing), relists, and refuses selling twice', async () => {
    const refnum = await publishedListing(t, seller.token);
    const sold = await action('/svc/listing/sold', refnum, seller.token);
    expect(sold.statusCode).toBe(200);
    expect(body<SellerListing>(sold).data).toMatchObject({ saleType: 1, editLocked: true });
    expect(await recentRefnums()).not.toContain(refnum);
    expect((await action('/svc/listing/sold', refnum, seller.token)).statusCode).toBe(409);
    const edit = await t.app.inject({
      method: 'GET',
      url: `/svc/listings/inputSourceRandomRefnum?listingRefnum=${refnum}`,
      headers: auth(seller.token),
    });
    expect(edit.statusCode).toBe(409);
    expect(body(edit).msg).toBe(listingActionMessages.editLocked);

    const relisted = await action('/svc/listing/relist', refnum, seller.token);
    expect(body<SellerListing>(relisted).data).toMatchObject({
      saleType: 0,
      listingStatus: 'active',
      editLocked: false,
    });
    expect(new Date(body<SellerListing>(relisted).data.listingEnd ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 59 * 86_400_000,
    );
    expect(await recentRefnums()).toContain(refnum);
    // A live listing has nothing to relist.
    expect((await action('/svc/listing/relist', refnum, seller.token)).statusCode).toBe(409);
  });

  it('deactivates and reactivates (code 200), hidden while inactive', async () => {
    const refnum = await publishedListing(t, seller.token);
    const off = await action('/svc/listing/toggle-active-status', refnum, seller.token);
    expect(body<SellerListing>(off).data.listingStatus).toBe('inactive');
    expect(await recentRefnums()).not.toContain(refnum);
    const on = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/toggle-active-status',
      payload: { refnum },
      headers: auth(seller.token),
    });
    expect(body<SellerListing>(on)).toMatchObject({ code: 200, data: { listingStatus: 'active' } });
    expect(await recentRefnums()).toContain(refnum);
  });

  it('refuses deleting while an offer is active, then deletes softly', async () => {
    const refnum = await publishedListing(t, seller.token);
    await addOffer(refnum, 'pending');
    const refused = await action('/svc/listing/delete', refnum, seller.token, 'query');
    expect(refused.statusCode).toBe(409);
    expect(body(refused).msg).toBe(listingActionMessages.hasActiveOffers);
    await t.database.db.update(offers).set({ state: 'declined' });
    const deleted = await action('/svc/listing/delete', refnum, seller.token, 'query');
    expect(body<SellerListing>(deleted).data).toMatchObject({ listingDeleted: true, offerCount: 0 });
    expect(await recentRefnums()).not.toContain(refnum);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.refnum, refnum));
    expect(row?.state).toBe('deleted');
  });

  it('counts active offers on the card and locks editing once one is accepted', async () => {
    const refnum = await publishedListing(t, seller.token);
    await addOffer(refnum, 'pending');
    await addOffer(refnum, 'accepted');
    const res = await t.app.inject({
      method: 'POST',
      url: `/svc/listing/bysellerrefnum/v2?sellerRefnum=${seller.userRefnum}&page=0&size=100&orderBy=14&asc=false`,
      headers: auth(seller.token),
    });
    const card = body<{ listings: SellerListing[] }>(res).data.listings.find((l) => l.listingRefnum === refnum);
    expect(card).toMatchObject({ offerCount: 2, editLocked: true });
    const edit = await t.app.inject({
      method: 'GET',
      url: `/svc/listings/inputSourceRandomRefnum?listingRefnum=${refnum}`,
      headers: auth(seller.token),
    });
    expect(edit.statusCode).toBe(409);
  });

  it('edits a listing through a form opened for it, keeping its photos', async () => {
    const ref = await draftRef(t, seller.token);
    await uploadPhoto(t, seller.token, ref, 1);
    const created = await createListing(t, seller.token, await goodForm(t, ref));
    const { listingRefnum } = body<{ listingRefnum: string }>(created).data;
    const open = await t.app.inject({
      method: 'GET',
      url: `/svc/listings/inputSourceRandomRefnum?listingRefnum=${listingRefnum}`,
      headers: auth(seller.token),
    });
    const editRef = body<{ inputSourceRandomRefnum: string; pictures: unknown[] }>(open).data;
    expect(editRef.pictures).toHaveLength(1);
    await uploadPhoto(t, seller.token, editRef.inputSourceRandomRefnum, 2);
    const saved = await createListing(
      t,
      seller.token,
      await goodForm(t, editRef.inputSourceRandomRefnum, { listingTitle: 'Green mug', listingPrice: 3000 }),
    );
    expect(body<{ listingRefnum: string }>(saved).data.listingRefnum).toBe(listingRefnum);
    const detail = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/detailListing/v2',
      payload: { listingRefnum },
    });
    expect(
      body<{ listing: { listingTitle: string; listingCurrentPrice: number; pictures: unknown[] } }>(detail).data
        .listing,
    ).toMatchObject({
      listingTitle: 'Green mug',
      listingCurrentPrice: 3000,
      pictures: [expect.anything(), expect.anything()],
    });
  });

  it('lets go of the file of a photo a saved edit removed, once no other form shows it', async () => {
    const ref = await draftRef(t, seller.token);
    const photo = body<{ url: string }>(await uploadPhoto(t, seller.token, ref, 1)).data.url;
    const created = await createListing(t, seller.token, await goodForm(t, ref));
    const { listingRefnum } = body<{ listingRefnum: string }>(created).data;
    const served = async () => (await t.app.inject({ method: 'GET', url: photo })).statusCode;
    const removePhoto = (form: string) =>
      t.app.inject({
        method: 'POST',
        url: `/svc/listings/picture/delete?inputSourceRandomRefnum=${form}&picno=1`,
        headers: auth(seller.token),
      });
    const saveEdit = async (form: string) => {
      await uploadPhoto(t, seller.token, form, 2);
      expect((await removePhoto(form)).statusCode).toBe(200);
      expect((await createListing(t, seller.token, await goodForm(t, form))).statusCode).toBe(200);
    };
    // The form that made the listing lets go of it: the listing still shows it.
    expect((await removePhoto(ref)).statusCode).toBe(200);
    expect(await served()).toBe(200);
    // Two forms opened for the listing: the first saved without the photo, the second still shows it.
    const [first, second] = [
      await draftRef(t, seller.token, listingRefnum),
      await draftRef(t, seller.token, listingRefnum),
    ];
    await saveEdit(first);
    expect(await served()).toBe(200);
    await saveEdit(second);
    expect(await served()).toBe(404);
  });

  it("refuses another user's listing: edit, sold, delete, toggle, relist", async () => {
    const refnum = await publishedListing(t, seller.token);
    const edit = await t.app.inject({
      method: 'GET',
      url: `/svc/listings/inputSourceRandomRefnum?listingRefnum=${refnum}`,
      headers: auth(other.token),
    });
    expect(edit.statusCode).toBe(403);
    expect((await action('/svc/listing/sold', refnum, other.token)).statusCode).toBe(403);
    expect((await action('/svc/listing/delete', refnum, other.token, 'query')).statusCode).toBe(403);
    expect((await action('/svc/listing/toggle-active-status', refnum, other.token)).statusCode).toBe(403);
    expect((await action('/svc/listing/relist', refnum, other.token)).statusCode).toBe(403);
    // A form of theirs cannot take over the listing either.
    const theirs = await createListing(t, other.token, await goodForm(t, await draftRef(t, seller.token, refnum)));
    expect(theirs.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(listings).where(eq(listings.refnum, refnum));
    expect(row).toMatchObject({ state: 'live', title: 'Blue ceramic mug' });
  });
});

describe("a seller's listings", () => {
  it('shows the seller everything by sell filter, and others only what is on sale', async () => {
    const person = await signedUp(t);
    const live = await publishedListing(t, person.token, { listingTitle: 'Live one' });
    const sold = await publishedListing(t, person.token, { listingTitle: 'Sold one' });
    await action('/svc/listing/sold', sold, person.token);
    const gone = await publishedListing(t, person.token, { listingTitle: 'Deleted one' });
    await action('/svc/listing/delete', gone, person.token, 'query');
    const draftRes = await createListing(
      t,
      person.token,
      await goodForm(t, await draftRef(t, person.token), { draft: true }),
    );
    const draft = body<{ listingRefnum: string }>(draftRes).data.listingRefnum;
    const deactivated = await publishedListing(t, person.token, { listingTitle: 'Deactivated one' });
    await action('/svc/listing/toggle-active-status', deactivated, person.token);
    const expired = await publishedListing(t, person.token, { listingTitle: 'Expired one' });
    await t.database.db
      .update(listings)
      .set({ listingEnd: new Date(Date.now() - 1000) })
      .where(eq(listings.refnum, expired));

    const list = async (filter: string, token?: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/svc/listing/bysellerrefnum/v2?sellerRefnum=${person.userRefnum}&page=0&size=10&orderBy=14&asc=false&sellFilter=${filter}`,
        headers: token ? auth(token) : {},
      });
      expect(res.statusCode, res.body).toBe(200);
      return body<{ listings: SellerListing[]; totalElements: number; number: number; size: number }>(res).data;
    };
    const all = await list('ALL', person.token);
    expect(all).toMatchObject({ totalElements: 6, number: 0, size: 10 });
    expect(all.listings[0]?.listingRefnum).toBe(expired);
    expect(all.listings.map((l) => l.listingRefnum)).toEqual(expect.arrayContaining([draft, deactivated]));
    // Active: published and on sale; neither the draft nor the deactivated one (no orders to ship yet).
    expect((await list('ACTIVE_AND_TO_BE_SHIPPED', person.token)).listings.map((l) => l.listingRefnum)).toEqual([live]);
    expect((await list('SOLD_AND_DELIVERED', person.token)).listings.map((l) => l.listingRefnum)).toEqual([sold]);
    expect((await list('CANCELLED', person.token)).listings.map((l) => l.listingRefnum)).toEqual([gone]);
    expect((await list('EXPIRED', person.token)).listings.map((l) => l.listingRefnum)).toEqual([expired]);
    expect((await list('RETURNED', person.token)).totalElements).toBe(0);
    const publicView = await list('ALL');
    expect(publicView.listings.map((l) => l.listingRefnum).sort()).toEqual([live, sold, expired].sort());

    // RETURNED reads the listing's log: a sale whose return is recorded there (as the returns
    // issue will write it) is listed, and only to its seller's filter.
    const [soldRow] = await t.database.db.select({ id: listings.id }).from(listings).where(eq(listings.refnum, sold));
    await t.database.db.insert(transitions).values({
      process: 'listing',
      subjectId: soldRow?.id ?? 0,
      event: 'return',
      fromState: 'sold',
      toState: 'returned',
      actorRole: 'buyer',
    });
    const returned = await list('RETURNED', person.token);
    expect(returned).toMatchObject({ totalElements: 1 });
    expect(returned.listings.map((l) => l.listingRefnum)).toEqual([sold]);
  });
});
