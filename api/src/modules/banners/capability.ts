import { bannerCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { bannersResource } from './admin';
import { liveBanners } from './service';

/** Promotional banners: the storefront reads the live ones, the console manages them. */
export const bannersCapability = defineCapability({
  name: 'banners',
  calls: bannerCalls,
  handlers: ({ db, clock }) => ({
    live: ({ query }) => liveBanners(db, clock.now(), query.categoryRefnum),
  }),
  adminResources: ({ files }) => [bannersResource(files)],
});
