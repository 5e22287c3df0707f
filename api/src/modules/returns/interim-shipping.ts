import { randomBytes } from 'node:crypto';
import type { ReturnShipping } from './shipping';

/**
 * Stands in for the shipping module (branch h19-ship) until it is merged: it issues a tracking
 * number and a label address but buys nothing, prints nothing and reports no tracking. The
 * merge replaces it with the shipping module's return label (capability.ts).
 */
export const interimReturnShipping: ReturnShipping = {
  async buyReturnLabel(_tx, order) {
    const trackingNumber = `YRET${randomBytes(8).toString('hex').toUpperCase()}`;
    return {
      shipmentRef: `interim:${order.refnum}:${trackingNumber}`,
      labelUrl: `/svc/shipping/labels/${trackingNumber}`,
      trackingNumber,
    };
  },
  async trackingStatus() {
    return null;
  },
};
