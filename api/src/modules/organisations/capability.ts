import { organisationCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { clientOf } from '../auth/request-context';
import { organizationsResource } from './admin';
import { organisationService } from './service';
import { workEmailDomainsResource } from './work-email-domains-admin';

/** Companies: work-email verification, and the console's organisations and their email domains. */
export const organisationsCapability = defineCapability({
  name: 'organisations',
  calls: organisationCalls,
  services: ({ db, codes, auth, clock }) => organisationService({ db, codes, auth, clock }),
  handlers: (organisations) => ({
    verifyProfession: ({ body, caller, request }) =>
      organisations.sendWorkEmailCode(caller.userId, body.workEmail, clientOf(request)),
    verifyProfessionCode: ({ body, caller, request }) =>
      organisations.confirmWorkEmail(caller.userId, body.workEmail, body.code, clientOf(request)),
  }),
  adminResources: () => [organizationsResource, workEmailDomainsResource],
});
