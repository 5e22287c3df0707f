import { randomBytes } from 'node:crypto';
import {
  adminMessages,
  BANNER_IMAGE_MAX_BYTES,
  type BannerRecord,
  bannerInputSchema,
  bannerRecordSchema,
} from '@yardly/shared/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { banners, categories } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { FileStore } from '../files/file-store';
import { normalisePhoto } from '../files/images';
import { fileUrl } from '../files/urls';
import { filterBool, filterText, type ListParams, numericId, pageRows, type ResourceDef } from './rest-adapter';

type Input = z.output<typeof bannerInputSchema>;

const fields = {
  id: banners.id,
  title: banners.title,
  link: banners.link,
  placement: banners.placement,
  categoryId: categories.refnum,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
  position: banners.position,
  active: banners.active,
  imagePath: banners.imagePath,
};
const SORTABLE = {
  id: banners.id,
  title: banners.title,
  placement: banners.placement,
  position: banners.position,
  active: banners.active,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
};

function select(db: Db) {
  return db.select(fields).from(banners).leftJoin(categories, eq(categories.id, banners.categoryId));
}

function toRecord({ imagePath, startsAt, endsAt, ...row }: Awaited<ReturnType<typeof select>>[number]): BannerRecord {
  return {
    ...row,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    image: { src: fileUrl(imagePath) },
  };
}

async function oneBanner(db: Db, id: string | number) {
  const [row] = await select(db).where(eq(banners.id, Number(id)));
  return row ? toRecord(row) : undefined;
}

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/;

/** A new image (a data: URL from the console) re-encoded and stored; its file key. */
async function storeImage(files: FileStore, src: string): Promise<string> {
  const base64 = DATA_URL.exec(src)?.[1];
  if (!base64) throw new AppError(400, adminMessages.bannerImageInvalid, { field: 'image' });
  const input = Buffer.from(base64, 'base64');
  if (input.length > BANNER_IMAGE_MAX_BYTES) {
    throw new AppError(413, 'The image is larger than 5 MB', { field: 'image' });
  }
  let photo: Awaited<ReturnType<typeof normalisePhoto>>;
  try {
    photo = await normalisePhoto(input);
  } catch {
    throw new AppError(400, adminMessages.bannerImageInvalid, { field: 'image' });
  }
  const key = `banners/${randomBytes(8).toString('hex')}/banner.jpg`;
  await files.put(key, photo.data);
  return key;
}

async function categoryIdOf(tx: Db, refnum: string | null): Promise<number | null> {
  if (!refnum) return null;
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.refnum, refnum));
  if (!row) throw new AppError(400, adminMessages.bannerCategoryRequired, { field: 'categoryId' });
  return row.id;
}

/** What an input sets on the row, without the image. */
async function columns(tx: Db, input: Input) {
  return {
    title: input.title,
    link: input.link,
    placement: input.placement,
    categoryId: input.placement === 'category' ? await categoryIdOf(tx, input.categoryId) : null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    position: input.position,
    active: input.active,
  };
}

/** A new image is a data: URL; the record's own URL back again means "keep it". */
function newImage(input: Input): string | undefined {
  const src = input.image?.src;
  return src?.startsWith('data:') ? src : undefined;
}

/** Banners: image, link, placement (home hero or a category), dates, order, active. */
export function bannersResource(files: FileStore): ResourceDef<BannerRecord, Input> {
  return {
    name: 'banners',
    record: bannerRecordSchema,
    parseId: numericId,
    bodyLimit: Math.ceil(BANNER_IMAGE_MAX_BYTES * 1.4) + 65_536,
    async list(db: Db, p: ListParams) {
      const where: (SQL | undefined)[] = [];
      const placement = filterText(p, 'placement');
      if (placement) where.push(sql`${banners.placement}::text = ${placement}`);
      const active = filterBool(p, 'active');
      if (active !== undefined) where.push(eq(banners.active, active));
      if (p.ids) where.push(inArray(banners.id, p.ids.map(Number).filter(Number.isInteger)));
      const { rows, total } = await pageRows(db, p, {
        query: select(db).$dynamic(),
        where,
        sortable: SORTABLE,
        tiebreak: banners.id,
      });
      return { rows: rows.map(toRecord), total };
    },
    one: oneBanner,
    create: {
      input: bannerInputSchema,
      async run(tx, input) {
        const src = newImage(input);
        if (!src) throw new AppError(400, adminMessages.bannerImageRequired, { field: 'image' });
        const values = await columns(tx, input);
        const [row] = await tx
          .insert(banners)
          .values({ ...values, imagePath: await storeImage(files, src) })
          .returning({ id: banners.id });
        const record = row && (await oneBanner(tx, row.id));
        if (!record) throw new Error('no banner written');
        return record;
      },
    },
    update: {
      input: bannerInputSchema,
      async run(tx, id, input) {
        const values = await columns(tx, input);
        const src = newImage(input);
        await tx
          .update(banners)
          .set({ ...values, ...(src && { imagePath: await storeImage(files, src) }) })
          .where(eq(banners.id, Number(id)));
        const record = await oneBanner(tx, id);
        if (!record) throw AppError.notFound('There is no such record in banners');
        return record;
      },
    },
    async remove(tx, id) {
      await tx.delete(banners).where(eq(banners.id, Number(id)));
    },
  };
}

/** The banners showing now: active, inside their dates, home hero or one category's, in order. */
export async function liveBanners(db: Db, categoryRefnum?: string) {
  const rows = await db
    .select({ id: banners.id, title: banners.title, link: banners.link, imagePath: banners.imagePath })
    .from(banners)
    .leftJoin(categories, eq(categories.id, banners.categoryId))
    .where(
      and(
        eq(banners.active, true),
        sql`(${banners.startsAt} is null or ${banners.startsAt} <= now())`,
        sql`(${banners.endsAt} is null or ${banners.endsAt} > now())`,
        categoryRefnum
          ? and(eq(banners.placement, 'category'), eq(categories.refnum, categoryRefnum))
          : eq(banners.placement, 'home_hero'),
      ),
    )
    .orderBy(asc(banners.position), asc(banners.id))
    .limit(10);
  return rows.map(({ imagePath, ...row }) => ({ ...row, imageUrl: fileUrl(imagePath) }));
}
