import { z } from 'zod';
import { bannerConsoleMessages } from '../rules/banners';
import { defineCall } from './call';
import { isoDateTimeSchema, refnumSchema } from './common';

/** Banners: the console's records (`/svc/admin/banners`) and the ones the storefront shows now. */

export const BANNER_PLACEMENTS = ['home_hero', 'category'] as const;
/** The largest banner upload the api takes, before it is re-encoded (base64 in the JSON body). */
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const optionalDate = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.iso.datetime({ offset: true }).or(z.iso.date()).nullable(),
);

export const bannerInputSchema = z
  .object({
    title: z.string().trim().min(1, bannerConsoleMessages.titleRequired).max(80),
    link: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/(?!\/)|https:\/\/)\S*$/, bannerConsoleMessages.linkInvalid),
    placement: z.enum(BANNER_PLACEMENTS),
    categoryId: refnumSchema.nullable().default(null),
    startsAt: optionalDate,
    endsAt: optionalDate,
    position: z.number().int().min(0).max(1000).default(0),
    active: z.boolean().default(true),
    /** A new image as a data: URL (react-admin's ImageInput, read in the browser); absent keeps the old one. */
    image: z.object({ src: z.string() }).nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.startsAt && b.endsAt && new Date(b.endsAt) <= new Date(b.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: bannerConsoleMessages.bannerDates });
    }
    if (b.placement === 'category' && !b.categoryId) {
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: bannerConsoleMessages.bannerCategoryRequired });
    }
  });
export const bannerRecordSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  placement: z.enum(BANNER_PLACEMENTS),
  categoryId: refnumSchema.nullable(),
  startsAt: isoDateTimeSchema.nullable(),
  endsAt: isoDateTimeSchema.nullable(),
  position: z.number().int(),
  active: z.boolean(),
  image: z.object({ src: z.string() }),
});
export type BannerRecord = z.infer<typeof bannerRecordSchema>;

/** Home banners live now (active, inside their dates), in their order. */
export const homeBannersCall = defineCall({
  method: 'GET',
  path: '/banners',
  auth: 'none',
  summary: 'The banners showing now on the home page (placement home_hero) or a category',
  query: z.object({ categoryRefnum: refnumSchema.optional() }),
  response: z.array(z.object({ id: z.number().int(), title: z.string(), link: z.string(), imageUrl: z.string() })),
});

/** The banners showing now, for the storefront. */
export const bannerCalls = { live: homeBannersCall } as const;
