import { categoryCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { categoriesResource } from './admin';
import { categoryTree, propertiesFor } from './service';

/** The taxonomy: the storefront reads it, the console edits it. */
export const categoriesCapability = defineCapability({
  name: 'categories',
  calls: categoryCalls,
  // The taxonomy and its listing counts tolerate a little lag: a read replica's, if any (docs/decisions/0060).
  handlers: ({ readDb, clock }) => ({
    list: async ({ request }) =>
      (await categoryTree(readDb(request), clock.now())).map(({ subCategories: _, ...summary }) => summary),
    all: ({ request }) => categoryTree(readDb(request), clock.now()),
    properties: ({ query, request }) => propertiesFor(readDb(request), query.categoryRefnum),
  }),
  adminResources: () => [categoriesResource],
});
