import { createHash } from 'node:crypto';
import { addBusinessDays, PARCEL_STATUS_LABELS, type ParcelStatus } from '@yardly/shared/rules';
import { inArray } from 'drizzle-orm';
import { zipCodes } from '../../db/schema/index';
import {
  type Carrier,
  type CarrierRate,
  NoSuchServiceError,
  type ShipmentRequest,
  type TrackingEvent,
} from './carrier';

/** The built-in carrier's services: a base price, a price per pound and per 100 miles (cents), and its days. */
const SERVICES = [
  {
    service: 'ground',
    baseCents: 450,
    perLbCents: 60,
    per100MilesCents: 25,
    days: (miles: number) => (miles < 300 ? 2 : miles < 1000 ? 3 : 5),
  },
  {
    service: 'priority',
    baseCents: 850,
    perLbCents: 90,
    per100MilesCents: 35,
    days: (miles: number) => (miles < 1000 ? 2 : 3),
  },
  { service: 'express', baseCents: 2450, perLbCents: 150, per100MilesCents: 45, days: () => 1 },
] as const;

/** Miles assumed when a zip has no coordinates (306 of them): a cross-country parcel. */
const UNKNOWN_DISTANCE_MILES = 2500;
const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle miles between two points. */
function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.sqrt(h));
}

/**
 * The carrier `pnpm start` uses when no Shippo key is set: it quotes by weight and the distance
 * between the two zips (the zip_codes table), issues tracking numbers derived from the label's
 * reference and time (so the same purchase gives the same number), prints no label of its own
 * (Yardly's PDF is the label) and moves each parcel pre_transit → in_transit →
 * out_for_delivery → delivered on the clock: the events come back as planned events, which the
 * shipping module applies through jobs at their time, the same code path as Shippo's webhook.
 */
export function createBuiltinCarrier(): Carrier {
  async function distance(request: ShipmentRequest): Promise<number> {
    const rows = await request.db
      .select({ zip: zipCodes.zip, lat: zipCodes.latitude, lng: zipCodes.longitude })
      .from(zipCodes)
      .where(inArray(zipCodes.zip, [request.from.zip, request.to.zip]));
    const at = (zip: string) => {
      const row = rows.find((r) => r.zip === zip);
      return row?.lat != null && row.lng != null ? { lat: row.lat, lng: row.lng } : undefined;
    };
    const from = at(request.from.zip);
    const to = at(request.to.zip);
    return from && to ? milesBetween(from, to) : UNKNOWN_DISTANCE_MILES;
  }

  async function rates(request: ShipmentRequest): Promise<CarrierRate[]> {
    const miles = await distance(request);
    const pounds = Math.max(1, Math.ceil(request.weightLbs));
    return SERVICES.map((s) => ({
      service: s.service,
      amountCents: Math.round(s.baseCents + s.perLbCents * pounds + (s.per100MilesCents * miles) / 100),
      days: s.days(miles),
    }));
  }

  return {
    name: 'builtin',
    rates,
    async buyLabel(request) {
      const rate = (await rates(request)).find((r) => r.service === request.service);
      if (!rate) throw new NoSuchServiceError(request.service);
      const digest = createHash('sha256').update(`${request.reference}|${request.now.toISOString()}`).digest();
      const digits = [...digest.subarray(0, 16)].map((byte) => (byte % 10).toString()).join('');
      const trackingNumber = `YD${digits}US`;
      const expectedAt = addBusinessDays(request.now, rate.days);
      return {
        carrierLabelId: `builtin_${trackingNumber}`,
        trackingNumber,
        service: rate.service,
        amountCents: rate.amountCents,
        days: rate.days,
        expectedAt,
        plannedEvents: plannedEvents(trackingNumber, request, request.now, expectedAt),
      };
    },
    async voidLabel() {
      // Nothing was charged anywhere: the built-in carrier's labels are Yardly's own.
    },
    async tracking() {
      // Its events are the planned ones, stored as they happen: the shipment_events table is its memory.
      return [];
    },
  };
}

/** The steps of a built-in parcel: picked up the evening after the label, out for delivery the morning it arrives. */
function plannedEvents(trackingNumber: string, request: ShipmentRequest, now: Date, expectedAt: Date): TrackingEvent[] {
  const hours = (h: number, from: Date) => new Date(from.getTime() + h * 3_600_000);
  const steps: [ParcelStatus, Date, string][] = [
    ['pre_transit', now, `${PARCEL_STATUS_LABELS.pre_transit}: waiting for the parcel`],
    [
      'in_transit',
      hours(8, now),
      `${PARCEL_STATUS_LABELS.in_transit}: accepted at ${request.from.city}, ${request.from.state}`,
    ],
    [
      'out_for_delivery',
      hours(-6, expectedAt),
      `${PARCEL_STATUS_LABELS.out_for_delivery} in ${request.to.city}, ${request.to.state}`,
    ],
    ['delivered', expectedAt, `${PARCEL_STATUS_LABELS.delivered} in ${request.to.city}, ${request.to.state}`],
  ];
  return steps.map(([status, at, description]) => ({
    trackingNumber,
    carrierEventId: `builtin:${trackingNumber}:${status}`,
    status,
    at,
    description,
  }));
}
