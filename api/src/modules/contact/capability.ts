import { contactCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { clientOf } from '../auth/request-context';
import { contactService } from './service';

export const contactCapability = defineCapability({
  name: 'contact',
  calls: contactCalls,
  services: ({ db, mailer, config, log }) => contactService({ db, mailer, supportEmail: config.supportEmail, log }),
  handlers: (contact) => ({
    contact: ({ body, request }) => contact.send(body, clientOf(request).address),
  }),
});
