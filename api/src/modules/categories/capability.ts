import { categoryCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { categoriesResource } from './admin';
import { categoryTree, propertiesFor } from './service';

/** The taxonomy: the storefront reads it, the console edits it. */
export const categoriesCapability = defineCapability({
  name: 'categories',
  calls: categoryCalls,
  handlers: ({ db, clock }) => ({
    list: async () => (await categoryTree(db, clock.now())).map(({ subCategories: _, ...summary }) => summary),
    all: () => categoryTree(db, clock.now()),
    properties: ({ query }) => propertiesFor(db, query.categoryRefnum),
  }),
  adminResources: () => [categoriesResource],
});
