import { z } from 'zod';
import { categoryConsoleMessages } from '../rules/categories';
import { defineCall } from './call';
import { refnumSchema } from './common';

export const categorySummarySchema = z.object({
  categoryRefnum: refnumSchema,
  categoryTitle: z.string(),
  slug: z.string(),
  /** One of the home page's category shortcuts. */
  shortcut: z.boolean(),
  /** Donations may be listed here (the marketplace rules read this flag). */
  donationAllowed: z.boolean(),
  /** Used, open-box and parts-not-working items here are local pickup only and need a verified work email. */
  restrictedElectronics: z.boolean(),
  /** Active listings in the category and its subcategories. */
  listingCount: z.number().int(),
});

export type CategoryNode = z.infer<typeof categorySummarySchema> & {
  subCategories: CategoryNode[];
};
// Named (`id`): the tree refers to itself, and the api's OpenAPI description gives it a component to refer to.
export const categoryNodeSchema: z.ZodType<CategoryNode> = z
  .lazy(() => categorySummarySchema.extend({ subCategories: z.array(categoryNodeSchema) }))
  .meta({ id: 'CategoryNode' });

export const categoryPropertySchema = z.object({
  key: z.string(),
  label: z.string(),
  values: z.array(z.string()),
});
export type CategoryProperty = z.infer<typeof categoryPropertySchema>;

export const categoriesCall = defineCall({
  method: 'GET',
  path: '/categories',
  auth: 'none',
  summary: 'Top-level categories, shortcuts first',
  response: z.array(categorySummarySchema),
});

export const allCategoriesCall = defineCall({
  method: 'GET',
  path: '/categories/all',
  auth: 'none',
  summary: 'The category tree with subcategories',
  response: z.array(categoryNodeSchema),
});

export const categoryPropertiesCall = defineCall({
  method: 'GET',
  path: '/categories/properties',
  auth: 'none',
  summary: "A category's listing properties (condition, brand, ...); all categories' common ones without a refnum",
  query: z.object({ categoryRefnum: refnumSchema.optional() }),
  response: z.array(categoryPropertySchema),
});

export const categoryCalls = {
  list: categoriesCall,
  all: allCategoriesCall,
  properties: categoryPropertiesCall,
} as const;

// ---- The console's categories (`/svc/admin/categories`) ----

export const categoryPropertyInputSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-zA-Z0-9_]{0,39}$/, categoryConsoleMessages.propertyKeyInvalid),
  label: z.string().trim().min(1, categoryConsoleMessages.labelRequired).max(60),
  values: z.array(z.string().trim().min(1).max(60)).min(1, categoryConsoleMessages.valuesRequired).max(50),
});

export const categoryInputSchema = z.object({
  title: z.string().trim().min(1, categoryConsoleMessages.titleRequired).max(60),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, categoryConsoleMessages.slugInvalid),
  parentId: refnumSchema.nullable().default(null),
  position: z.number().int().min(0).max(10_000).default(0),
  shortcut: z.boolean().default(false),
  hidden: z.boolean().default(false),
  donationAllowed: z.boolean().default(false),
  restrictedElectronics: z.boolean().default(false),
  properties: z.array(categoryPropertyInputSchema).max(20).default([]),
});
export const categoryRecordSchema = categoryInputSchema.extend({
  id: refnumSchema,
  listingCount: z.number().int(),
});
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;
