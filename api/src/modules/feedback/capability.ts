import { feedbackCalls } from '@yardly/shared/contract';
import { orderProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { reviewsResource } from './admin';
import { askForReviews } from './invitations';
import { leaveReviewWith } from './leave';
import { orderReviewFor } from './order-review';
import { reviewsPublishedJob } from './published';
import { receivedFeedback } from './service';

/** Double-blind reviews after a completed order (issue 19): written, read, and tagged in the console. */
export const feedbackCapability = defineCapability({
  name: 'feedback',
  calls: feedbackCalls,
  services: (app: AppServices) => ({ ...app, leaveReview: leaveReviewWith(app) }),
  handlers: (s) => ({
    received: ({ query }) => receivedFeedback(s.db, query, s.clock.now()),
    leave: ({ body, caller }) => s.leaveReview(caller, body),
    order: ({ query, caller }) => orderReviewFor(s.db, caller, query, s.clock.now()),
  }),
  processes: (registry) => registry.implement(orderProcess, 'inviteReviews', askForReviews),
  jobs: () => [reviewsPublishedJob],
  adminResources: () => [reviewsResource],
});
