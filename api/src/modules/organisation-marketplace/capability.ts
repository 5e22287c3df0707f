import { organisationMarketplaceCalls } from '@yardly/shared/contract';
import { organisationProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import { b2bResource } from './b2b-admin';
import { employeeBenefitReportResource } from './benefit-report-admin';
import { employeeBenefitResource } from './benefits-admin';
import { organisationHome } from './home';
import { marketplaceFollowsVerification } from './leaving';
import { registerLogoUpload } from './logo';

/**
 * Organisation marketplaces (issue 23): a B2B organisation's landing data, and the console's
 * marketplaces (`/b2b`, with the logo upload), employee benefits and their monthly report. It
 * follows organisations' verification by subscription: one that leaves VERIFIED closes its marketplace.
 */
export const organisationMarketplaceCapability = defineCapability({
  name: 'organisation-marketplace',
  calls: organisationMarketplaceCalls,
  handlers: ({ db }) => ({
    home: ({ query }) => organisationHome(db, query.orgName),
  }),
  routes: (app, { db, files }) => registerLogoUpload(app, { db, files }),
  adminResources: ({ clock }) => [b2bResource, employeeBenefitResource({ clock }), employeeBenefitReportResource],
  processes: (registry) => registry.onTransition(organisationProcess, {}, marketplaceFollowsVerification),
});
