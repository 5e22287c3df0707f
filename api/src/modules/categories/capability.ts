import { categoryCalls } from '@yardly/shared/contract';
import { type Capability, defineCapability } from '../../http/capability';
import { categoriesResource } from './admin';
import { categoryTree, type LiveCountsByCategory, propertiesFor } from './service';

/**
 * The taxonomy: the storefront reads it, the console edits it. Its listing counts come from the
 * listings capability, passed in by the app (listings read the taxonomy, so not the other way).
 */
export const categoriesCapability = ({ liveCounts }: { liveCounts: LiveCountsByCategory }): Capability =>
  defineCapability({
    name: 'categories',
    calls: categoryCalls,
    // The taxonomy and its listing counts tolerate a little lag: a read replica's, if any (docs/decisions/0060).
    handlers: ({ readDb, clock }) => ({
      list: async ({ request }) =>
        (await categoryTree(readDb(request), clock.now(), liveCounts)).map(
          ({ subCategories: _, ...summary }) => summary,
        ),
      all: ({ request }) => categoryTree(readDb(request), clock.now(), liveCounts),
      properties: ({ query, request }) => propertiesFor(readDb(request), query.categoryRefnum),
    }),
    adminResources: () => [categoriesResource],
  });
