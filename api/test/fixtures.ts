import { eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../src/db/connect';
import { newRefnum } from '../src/db/refnum';
import { categories, checkouts, listingPhotos, listings, orders, organizations, users } from '../src/db/schema/index';
import type { FileStore } from '../src/modules/files/file-store';

type CompanyStatus = 'VERIFIED' | 'IN_REVIEW' | 'REJECTED';

export async function insertSeller(db: Db, options: { zip?: string; company?: CompanyStatus } = {}) {
  const [org] = options.company
    ? await db
        .insert(organizations)
        .values({ refnum: newRefnum('organization'), name: 'Test Co', status: options.company })
        .returning()
    : [];
  const [user] = await db
    .insert(users)
    .values({
      refnum: newRefnum('user'),
      email: `seller-${Math.random().toString(36).slice(2)}@example.com`,
      nameFirst: 'Dana',
      nameLast: 'Seller',
      zip: options.zip ?? '10001',
      organizationId: org?.id,
    })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

export async function categoryBySlug(db: Db, slug: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(slug.includes('/') ? eq(categories.slug, slug.split('/')[1] ?? '') : eq(categories.slug, slug));
  if (!row) throw new Error(`no category ${slug}`);
  return row;
}

export async function topCategories(db: Db) {
  return db.select().from(categories).where(isNull(categories.parentId));
}

type ListingInsert = typeof listings.$inferInsert;

/** A live listing by `sellerId` in the first subcategory of `categorySlug`, overridable. */
export async function insertListing(
  db: Db,
  sellerId: number,
  categorySlug: string,
  overrides: Partial<ListingInsert> = {},
) {
  const top = await categoryBySlug(db, categorySlug);
  const [sub] = await db.select().from(categories).where(eq(categories.parentId, top.id));
  const now = Date.now();
  const [row] = await db
    .insert(listings)
    .values({
      refnum: newRefnum('listing'),
      sellerId,
      categoryId: top.id,
      subCategoryId: sub?.id,
      title: 'Test item',
      description: 'A test item in good shape.',
      condition: 'used',
      priceCents: 2500,
      weightLbs: 3,
      shippable: true,
      meetToDeliver: true,
      zip: '10001',
      state: 'live',
      listingEnd: new Date(now + 30 * 86_400_000),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no listing');
  return row;
}

/** Store a real JPEG as the listing's photo number `picno`. */
export async function addPhoto(db: Db, files: FileStore, listingId: number, refnum: string, picno = 1) {
  const data = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const key = `listings/${refnum}/${picno}-test.jpg`;
  await files.put(key, data);
  await db.insert(listingPhotos).values({ listingId, picno, path: key, width: 640, height: 480 });
  return key;
}

type OrderState = (typeof orders.$inferInsert)['state'];

/**
 * An order of `listing` by `buyerId` placed at `at`, written straight to its tables (its checkout
 * and the order, no ledger): for reports that read sales as they stand, not the way to them.
 */
export async function insertOrder(
  db: Db,
  listing: { id: number; sellerId: number },
  buyerId: number,
  options: { at: Date; priceCents: number; state?: OrderState; deliveryMethod?: 'ship' | 'pickup' },
) {
  const { at, priceCents } = options;
  const deliveryMethod = options.deliveryMethod ?? 'pickup';
  const paymentIntentId = `pi_${newRefnum('order')}`;
  const [checkout] = await db
    .insert(checkouts)
    .values({
      paymentIntentId,
      provider: 'test',
      buyerId,
      idempotencyKey: paymentIntentId,
      listingId: listing.id,
      deliveryMethod,
      itemPriceCents: priceCents,
      shippingCents: 0,
      totalCents: priceCents,
      createdAt: at,
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      refnum: newRefnum('order'),
      checkoutId: checkout?.id ?? 0,
      buyerId,
      sellerId: listing.sellerId,
      listingId: listing.id,
      state: options.state ?? 'delivered',
      deliveryMethod,
      itemPriceCents: priceCents,
      shippingCents: 0,
      totalCents: priceCents,
      commissionCents: 0,
      paymentIntentId,
      shipBy: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!order) throw new Error('no order');
  return order;
}
