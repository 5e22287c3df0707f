import type { Db } from '../../db/connect';
import type { Caller } from '../../http/caller';
import { orderFor } from './access';
import { type OrderRunner, takeOrderEvent } from './process';

/**
 * The buyer (or an admin) confirms a shipped order arrived: it is delivered and the seller's
 * share moves from pending to available (the payout job pays it), as a confirmed pickup does.
 * Who may, and from which state, is the order process's table: the seller or an order not
 * shipped is its refusal (409), anyone but the parties and an admin a 403.
 */
export function confirmDeliveryWith(deps: { db: Db; orderRunner: OrderRunner }) {
  return (caller: Caller, orderId: string, now: Date): Promise<number> =>
    deps.db.transaction(async (tx) => {
      const { order, party } = await orderFor(tx, caller, orderId, 'edit', true);
      await takeOrderEvent(tx, deps.orderRunner, order, 'confirmDelivery', { userId: caller.userId, role: party }, now);
      return order.id;
    });
}
