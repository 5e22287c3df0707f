import type { OrderSummary } from '@yardly/shared/contract';
import {
  BUY_FILTER_ORDER_STATES,
  findUsState,
  type OrderEvent,
  orderEventsFor,
  orderProcess,
  SELL_FILTER_ORDER_STATES,
} from '@yardly/shared/rules';

/** The order events a party takes with a button today; shipping comes with labels and tracking (issue 19). */
export type OrderAction = Extract<OrderEvent, 'cancel' | 'confirmPickup' | 'confirmDelivery'>;

const BUTTON_EVENTS: readonly OrderEvent[] = ['cancel', 'confirmPickup', 'confirmDelivery'];

function isButton(event: OrderEvent): event is OrderAction {
  return BUTTON_EVENTS.includes(event);
}

/**
 * The buttons the viewer sees on an order: exactly the events the order process allows their
 * side in its state (`orderEventsFor`, the table the api refuses with), pickup or not as the facts.
 * An order's detail names the events the api allows the caller now (`actions`): only those.
 */
export function orderActionsFor(
  order: Pick<OrderSummary, 'status' | 'role' | 'deliveryMethod'> & { actions?: readonly string[] },
): OrderAction[] {
  const role = order.role === 'selling' ? 'seller' : 'buyer';
  const allowed = orderEventsFor(order.status, role, { pickup: order.deliveryMethod === 'pickup' }).filter(isButton);
  const { actions } = order;
  return actions ? allowed.filter((action) => actions.includes(action)) : allowed;
}

/** A button's text: the event's label in the process. */
export function orderActionLabel(action: OrderAction): string {
  return orderProcess.events[action].label;
}

/** Whether a dashboard filter shows orders at all (OPEN_OFFFERS shows offers, EXPIRED expired listings). */
export function filterShowsOrders(side: OrderSummary['role'], filter: string): boolean {
  const table: Record<string, readonly string[]> =
    side === 'buying' ? BUY_FILTER_ORDER_STATES : SELL_FILTER_ORDER_STATES;
  return (table[filter]?.length ?? 0) > 0;
}

/** How the item reaches the buyer, as a line on the order. */
export function deliveryLabel(order: Pick<OrderSummary, 'deliveryMethod'>): string {
  return order.deliveryMethod === 'pickup' ? 'Local pickup (pay and pick up)' : 'Shipping';
}

/** The other party as the viewer reads it: 'Buyer: Ann' on a sale, 'Seller: Sam' on a purchase. */
export function otherPartyLabel(order: Pick<OrderSummary, 'role' | 'otherParty'>): string {
  return `${order.role === 'selling' ? 'Buyer' : 'Seller'}: ${order.otherParty.name}`;
}

/** What the buyer of a local order does with their code. */
export const PICKUP_CODE_HELP =
  'Meet the seller to collect the item and show them this code: they enter it to confirm the handoff. Give it only once you have the item.';

/** What a seller confirms when cancelling. */
export const CANCEL_ORDER_PROMPT =
  'Cancel this order? The buyer is refunded in full and the item cannot be sold to them.';

export const PICKUP_CONFIRMED = 'Pickup confirmed: the order is delivered';

/** What a buyer confirms when the shipped item arrived: the seller is paid after it. */
export const CONFIRM_DELIVERY_PROMPT =
  'Has your item arrived? Confirm delivery only once you have it: the seller is then paid for the order.';

export const DELIVERY_CONFIRMED = 'Delivery confirmed: thank you';

/** An address on one line: 'Bo Tester, 1 Main St, New York, NY 10001'. */
export function addressLine(address: {
  firstName: string;
  lastName: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
}): string {
  const state = findUsState(address.state)?.abbreviation ?? address.state;
  const street = address.line2 ? `${address.line1}, ${address.line2}` : address.line1;
  return `${address.firstName} ${address.lastName}, ${street}, ${address.city}, ${state} ${address.zip}`;
}
