import { organisationCalls } from '@yardly/shared/contract';
import { organisationProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { clientOf } from '../auth/request-context';
import { organizationsResource } from './admin';
import type { OrganisationReactions } from './reactions';
import { organisationService } from './service';
import { tellMembers } from './verification';
import { workEmailRecorder } from './work-email';
import { workEmailDomainsResource } from './work-email-domains-admin';

/**
 * Companies: work-email verification, the organisation process (their verification, ADR 0070),
 * and the console's organisations and their email domains. `reactions` are what the capabilities
 * built on organisations do on a change that is no transition (the app passes them in).
 */
export function organisationsCapability(reactions: OrganisationReactions) {
  return defineCapability({
    name: 'organisations',
    calls: organisationCalls,
    process: organisationProcess,
    services: (app: AppServices) => {
      const runner = app.processes.organisation;
      const recordWorkEmail = workEmailRecorder(runner, reactions);
      return { ...app, runner, organisations: organisationService({ ...app, recordWorkEmail }) };
    },
    handlers: ({ organisations }) => ({
      verifyProfession: ({ body, caller, request }) =>
        organisations.sendWorkEmailCode(caller.userId, body.workEmail, clientOf(request)),
      verifyProfessionCode: ({ body, caller, request }) =>
        organisations.confirmWorkEmail(caller.userId, body.workEmail, body.code, clientOf(request)),
    }),
    adminResources: ({ runner, clock }) => [
      organizationsResource({ runner, clock, reactions }),
      workEmailDomainsResource,
    ],
    processes: (registry) => registry.implement(organisationProcess, 'tellMembers', tellMembers),
  });
}
