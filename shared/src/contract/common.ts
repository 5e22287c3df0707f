import { z } from 'zod';
import { PAGE_SIZES } from '../rules/constants';
import { genericMessages } from '../rules/messages';
import { eventNames } from '../rules/process';

/** Public ids are opaque refnums: a type letter and 11 characters of Crockford base32. */
export const REFNUM_PATTERN = /^[A-Z][0-9A-HJKMNP-TV-Z]{11}$/;
export const refnumSchema = z.string().regex(REFNUM_PATTERN, genericMessages.invalidReference);
export type Refnum = z.infer<typeof refnumSchema>;

export function isRefnum(value: string): boolean {
  return REFNUM_PATTERN.test(value);
}

/** A boolean from JSON or a query string ('true'/'false'). */
export const flagSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** Money on the wire is integer cents (formatCents in rules/money renders it). */
export const centsSchema = z.number().int().min(0);

/** A timestamp on the wire: ISO 8601 in UTC. */
export const isoDateTimeSchema = z.string();

/** The answer of a call that only says it was done. */
export const successSchema = z.object({ success: z.literal(true) });

/** The answer of a DELETE: which record is gone. */
export const deletedSchema = z.object({ id: refnumSchema, deleted: z.literal(true) });

/** The events a process's table allows the caller now (an answer's `actions`: its buttons read them). */
export function actionsOf<P extends Parameters<typeof eventNames>[0]>(process: P) {
  return z.array(z.enum(eventNames(process)));
}

/** A record's transitions as the console shows them: the event, the state it led to, when and by whom. */
export const consoleHistorySchema = z.array(
  z.object({ event: z.string(), status: z.string(), at: isoDateTimeSchema, by: z.string().nullable() }),
);

/**
 * A list call's zero-based `page` and its page `size` (spec section 9: 25 unless a page says
 * otherwise), to spread into its query beside the other fields.
 */
export function pageFields({ size = PAGE_SIZES.default, maxSize = 100 }: { size?: number; maxSize?: number } = {}) {
  return {
    page: z.coerce.number().int().min(0).max(10_000).default(0),
    size: z.coerce.number().int().min(1).max(maxSize).default(size),
  };
}

/** Zero-based page number and page size of list calls (spec section 9: default 25). */
export const pageQuerySchema = z.object(pageFields());

/** A page of results: `docs`, `totalElements`, zero-based `number` and `size`. */
export function pageOf<T extends z.ZodType>(doc: T) {
  return z.object({
    docs: z.array(doc),
    totalElements: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });
}

/** A page in the reference api's Spring shape: `content`, zero-based `number`, `size` and `totalElements`. */
export function contentPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
  });
}
