import { feedbackCalls } from '@yardly/shared/contract';
import { defineCapability } from '../../http/capability';
import { receivedFeedback } from './service';

/** Reviews people leave each other: read here; the orders issue writes them. */
export const feedbackCapability = defineCapability({
  name: 'feedback',
  calls: feedbackCalls,
  handlers: ({ db }) => ({
    received: ({ query }) => receivedFeedback(db, query),
  }),
});
