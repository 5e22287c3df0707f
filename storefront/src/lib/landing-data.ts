import type { CallData, categoriesCall } from '@yardly/shared/contract';
import { serverApi } from './api';
import { logFailure } from './log-failure';

export type CategorySummary = CallData<typeof categoriesCall>[number];

/** The answer, or null when the api failed: the cause is logged and the page shows the spec's message. */
export async function settle<T>(what: string, promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (cause) {
    logFailure(`storefront: could not load ${what}:`, cause);
    return null;
  }
}

/** The landing pages' data (home, marketplace): the category shortcuts and the most recent listings. */
export async function loadLandingData(recentSize: number) {
  const api = serverApi();
  const [categories, recent] = await Promise.all([
    settle('categories', api.categories.list()),
    settle('recent listings', api.listings.recent({ page: 0, size: recentSize })),
  ]);
  return {
    shortcuts: categories ? categories.filter((category) => category.shortcut) : null,
    recent: recent ? recent.docs : null,
  };
}
