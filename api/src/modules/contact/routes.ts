import { contactCall } from '@yardly/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call';
import { clientOf } from '../auth/request-context';
import type { ContactService } from './service';

export function registerContactRoutes(app: FastifyInstance, contact: ContactService): void {
  registerCall(app, contactCall, ({ body, request }) => contact.send(body, clientOf(request).address));
}
