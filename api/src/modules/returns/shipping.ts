import type { Db } from '../../db/connect';
import type { OrderRow } from '../orders/process';

/** The prepaid return label bought for an accepted return. */
export interface ReturnLabel {
  /** The shipping module's id of the shipment: its delivered-back hook names the return by it. */
  shipmentRef: string;
  labelUrl: string;
  trackingNumber: string;
}

/**
 * What the returns need of the shipping module (branch h19-ship): buy the prepaid label from the
 * buyer's ship-to back to the seller inside the caller's transaction, and read the parcel's
 * status. The shipping module calls `returnDelivered` (refund.ts) when the parcel is delivered back.
 */
export interface ReturnShipping {
  buyReturnLabel(tx: Db, order: OrderRow, now: Date): Promise<ReturnLabel>;
  trackingStatus(db: Db, shipmentRef: string): Promise<string | null>;
}
