import type { DonationOrder } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import { donationOrders } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { orderFor, PROCESS_ROLE } from './access';
import { donationView } from './read';
import { type DonationDeps, takeDonationStep } from './steps';

/** The steps a party records through the api: the recipient's pickup and receipt, either side's cancel. */
export type PartyStep = 'pickUp' | 'receive' | 'cancel';

/**
 * `POST /svc/donations/picked-up|received|cancel`: the caller's step on their donation, in one
 * transaction (404 no such order, 403 not theirs or not their step, 409 not in this state, two at
 * once queue on the row locks and the second finds it moved). Answers the order as they see it now.
 */
export function partyStepWith(deps: DonationDeps) {
  return (caller: Caller, donationOrderId: string, event: PartyStep): Promise<DonationOrder> =>
    deps.db.transaction(async (tx) => {
      const found = await orderFor(tx, caller, donationOrderId, 'edit', true);
      const actor = { userId: caller.userId, role: PROCESS_ROLE[found.party] };
      await takeDonationStep(tx, deps, found, event, actor, deps.clock.now());
      const [row] = await tx.select().from(donationOrders).where(eq(donationOrders.id, found.row.id));
      return donationView(tx, row ?? found.row, found.party);
    });
}
