import { randomBytes } from 'node:crypto';
import {
  BANNER_IMAGE_MAX_BYTES,
  type BannerRecord,
  bannerInputSchema,
  bannerRecordSchema,
} from '@yardly/shared/contract';
import { bannerConsoleMessages } from '@yardly/shared/rules';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { banners, categories } from '../../db/schema/index';
import { AppError } from '../../errors';
import { boolFilter, defineResource, textFilter } from '../../http/console/define-resource';
import type { FileStore } from '../files/file-store';
import { normalisePhoto } from '../files/images';
import { fileUrl } from '../files/urls';

type Input = z.output<typeof bannerInputSchema>;

function select(db: Db) {
  return db
    .select({
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
    })
    .from(banners)
    .leftJoin(categories, eq(categories.id, banners.categoryId));
}

function toRecord({ imagePath, startsAt, endsAt, ...row }: Awaited<ReturnType<typeof select>>[number]): BannerRecord {
  return {
    ...row,
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    image: { src: fileUrl(imagePath) },
  };
}

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/;

/** A new image (a data: URL from the console) re-encoded and stored; its file key. */
async function storeImage(files: FileStore, src: string): Promise<string> {
  const base64 = DATA_URL.exec(src)?.[1];
  if (!base64) throw new AppError(400, bannerConsoleMessages.bannerImageInvalid, { field: 'image' });
  const input = Buffer.from(base64, 'base64');
  if (input.length > BANNER_IMAGE_MAX_BYTES) {
    throw new AppError(413, 'The image is larger than 5 MB', { field: 'image' });
  }
  let photo: Awaited<ReturnType<typeof normalisePhoto>>;
  try {
    photo = await normalisePhoto(input);
  } catch {
    throw new AppError(400, bannerConsoleMessages.bannerImageInvalid, { field: 'image' });
  }
  const key = `banners/${randomBytes(8).toString('hex')}/banner.jpg`;
  await files.put(key, photo.data);
  return key;
}

async function categoryIdOf(tx: Db, refnum: string | null): Promise<number | null> {
  if (!refnum) return null;
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.refnum, refnum));
  if (!row) throw new AppError(400, bannerConsoleMessages.bannerCategoryRequired, { field: 'categoryId' });
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
export function bannersResource(files: FileStore) {
  return defineResource({
    name: 'banners',
    record: bannerRecordSchema,
    id: { column: banners.id, kind: 'numeric' },
    bodyLimit: Math.ceil(BANNER_IMAGE_MAX_BYTES * 1.4) + 65_536,
    select,
    sortable: {
      title: banners.title,
      placement: banners.placement,
      position: banners.position,
      active: banners.active,
      startsAt: banners.startsAt,
      endsAt: banners.endsAt,
    },
    filters: {
      placement: textFilter((placement) => sql`${banners.placement}::text = ${placement}`),
      active: boolFilter((active) => eq(banners.active, active)),
    },
    toRecord,
    create: {
      input: bannerInputSchema,
      async run(tx, input) {
        const src = newImage(input);
        if (!src) throw new AppError(400, bannerConsoleMessages.bannerImageRequired, { field: 'image' });
        const values = await columns(tx, input);
        const [row] = await tx
          .insert(banners)
          .values({ ...values, imagePath: await storeImage(files, src) })
          .returning({ id: banners.id });
        if (!row) throw new Error('no banner written');
        return row.id;
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
      },
    },
    async remove(tx, id) {
      await tx.delete(banners).where(eq(banners.id, Number(id)));
    },
  });
}
