import { referralCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { referrerOf } from './service';

export const referralsCapability = defineCapability({
  name: 'referrals',
  calls: referralCalls,
  handlers: ({ db }) => ({
    referrer: ({ query }) => referrerOf(db, query.name),
  }),
});
