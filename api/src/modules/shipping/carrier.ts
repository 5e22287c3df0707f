import type { ParcelName, ParcelStatus } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import type { LabelAddress } from '../../db/schema/index';

/**
 * The one interface labels and tracking go through (issue 19), shaped like the multi-carrier
 * services sellers know (Shippo, EasyPost): rate a parcel, buy a label for one of the rates,
 * void it, read its tracking events. Two implementations: the built-in carrier (the default, so
 * `pnpm start` works end to end) and Shippo (when SHIPPO_API_KEY is set). Amounts in USD cents.
 */
export interface Carrier {
  readonly name: 'builtin' | 'shippo';
  /** The services offered for this parcel between these addresses, cheapest first. */
  rates(request: ShipmentRequest): Promise<CarrierRate[]>;
  /** Buys a label for `service` (one of `rates`' services); throws `NoSuchServiceError` when it is not offered. */
  buyLabel(request: ShipmentRequest & { service: string }): Promise<PurchasedLabel>;
  /** Voids a label not used (the carrier refunds it). */
  voidLabel(carrierLabelId: string): Promise<void>;
  /** What the carrier knows of a parcel now, oldest first (`carrierCode`: the label's, as bought). */
  tracking(label: { trackingNumber: string; carrierCode: string | null }): Promise<TrackingEvent[]>;
}

export interface ShipmentRequest {
  from: LabelAddress;
  to: LabelAddress;
  parcel: ParcelName;
  weightLbs: number;
  /** Our reference on the carrier's side (the order's refnum and direction). */
  reference: string;
  /** When the label is bought (the clock's time). */
  now: Date;
  /**
   * The caller's database handle (its transaction, when in one): a carrier that reads the
   * database (the built-in one reads zip coordinates) must use it, as the embedded database has one connection.
   */
  db: Db;
}

export interface CarrierRate {
  /** The carrier's service token (`ground`, `usps_priority`): what the label is bought for. */
  service: string;
  amountCents: number;
  /** Business days it takes, as the carrier estimates. */
  days: number;
}

export interface PurchasedLabel {
  carrierLabelId: string;
  trackingNumber: string;
  service: string;
  /** The carrier's own token as the rate named it (Shippo's `usps`, `dhl_express`); absent for the built-in carrier. */
  carrierCode?: string;
  amountCents: number;
  days: number;
  expectedAt: Date | null;
  /** The carrier's own printable label (Shippo's); absent: Yardly prints it (label-pdf.ts). */
  labelPdf?: Buffer;
  /**
   * Events the carrier will report on its own schedule (the built-in carrier moves parcels on
   * the clock): the shipping module queues a job for each, which applies it as a webhook would.
   */
  plannedEvents?: TrackingEvent[];
}

/** One thing a carrier said about a parcel; `carrierEventId` is unique per event, so a replay changes nothing. */
export interface TrackingEvent {
  trackingNumber: string;
  /** The carrier's token when it says (Shippo's track names it): a number reused by two carriers goes to the right label. */
  carrierCode?: string;
  carrierEventId: string;
  status: ParcelStatus;
  at: Date;
  description: string;
}

/** The service asked for is not among the carrier's rates for this parcel (the caller's mistake: 400). */
export class NoSuchServiceError extends Error {
  override name = 'NoSuchServiceError';
}

/** The carrier answered with an error or not at all (a 502 for the caller, never their mistake). */
export class CarrierError extends Error {
  override name = 'CarrierError';
}
