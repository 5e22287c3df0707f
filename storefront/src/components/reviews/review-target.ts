import type { CallQuery, orderReviewCall } from '@yardly/shared/contract';

/**
 * The leavefeedback value (spec section 2) as the review call's query: a listing's refnum
 * (an 'L' refnum) names the caller's order of that listing; anything else is an order's id.
 */
export function reviewQuery(target: string): CallQuery<typeof orderReviewCall> {
  return target.startsWith('L') ? { listingRefnum: target } : { orderId: target };
}

/** The address without leavefeedback: closing the dialog must not reopen it on a reload. */
export function withoutLeaveFeedback(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('leavefeedback');
  return `${url.pathname}${url.search}${url.hash}`;
}
