/** Where a notice about an order leads: the buyer's and the seller's dashboards (spec section 2), which list orders by filter. */
export const BUYING_DASHBOARD = '/buying';
export const SELLING_DASHBOARD = '/selling';
