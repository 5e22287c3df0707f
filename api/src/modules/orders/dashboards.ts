/**
 * Where a notice (and its mail) about an order leads: that order's page, which shows its state
 * and the next step for each side. Never '/buying' or '/selling': the spec makes those the home page.
 */
export function orderPagePath(orderRefnum: string): string {
  return `/orders/${encodeURIComponent(orderRefnum)}`;
}
