import { verifyProfessionCall, verifyProfessionCodeCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import { callerId, clientOf } from '../auth/request-context';
import type { OrganisationService } from './service';

export function registerOrganisationRoutes(app: FastifyInstance, organisations: OrganisationService): void {
  registerCall(app, verifyProfessionCall, ({ body, request }) =>
    organisations.sendWorkEmailCode(callerId(request), body.workEmail),
  );
  registerCall(app, verifyProfessionCodeCall, ({ body, request }) =>
    organisations.confirmWorkEmail(callerId(request), body.workEmail, body.code, clientOf(request)),
  );
}
