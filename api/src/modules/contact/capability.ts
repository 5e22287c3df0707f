import { contactCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { clientOf } from '../auth/request-context';
import { contactService } from './service';

export const contactCapability = defineCapability({
  name: 'contact',
  calls: contactCalls,
  services: ({ db, jobs, transport, clock, config }) =>
    contactService({ db, jobs, transport, clock, supportEmail: config.supportEmail }),
  handlers: (contact) => ({
    contact: ({ body, request }) => contact.send(body, clientOf(request).address),
  }),
});
