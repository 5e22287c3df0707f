import { testProviderCalls } from '@yardly/shared/contract';
import { AppError } from '../../../errors';
import { defineCapability } from '../../../http/capability';
import { confirmTestPayment } from './confirm';

/** The built-in test provider's card form endpoint (issue 18); answers 404 when another provider is in use. */
export const testProviderCapability = defineCapability({
  name: 'test-provider',
  calls: testProviderCalls,
  handlers: ({ db, clock, secret, payments }) => ({
    confirm: async ({ body, caller }) => {
      if (payments.name !== 'test') throw AppError.notFound('Payments are not in test mode');
      const { declined, answer } = await confirmTestPayment({ db, clock, secret }, caller, body);
      if (declined !== null) throw new AppError(402, declined, { reason: 'card_declined' });
      return answer;
    },
  }),
});
