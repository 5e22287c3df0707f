import { createHmac, timingSafeEqual } from 'node:crypto';
import { dollarsToCents, PARCEL_PRESETS, type ParcelStatus } from '@yardly/shared/rules';
import type { ShippoConfig } from '../../config';
import type { LabelAddress } from '../../db/schema/index';
import {
  type Carrier,
  CarrierError,
  type CarrierRate,
  NoSuchServiceError,
  type ShipmentRequest,
  type TrackingEvent,
} from './carrier';

/** Shippo's answers, as much of them as Yardly reads (https://docs.goshippo.com/shippoapi/public-api/). */
interface ShippoRate {
  object_id: string;
  amount: string;
  currency: string;
  /** The carrier's name as Shippo shows it ("USPS", "DHL Express", "GLS US"). */
  provider: string;
  servicelevel: { name: string; token: string };
  estimated_days: number | null;
}
interface ShippoTransaction {
  object_id: string;
  status: 'SUCCESS' | 'ERROR' | 'QUEUED' | 'WAITING' | 'REFUNDED' | 'REFUNDPENDING' | 'REFUNDREJECTED';
  tracking_number: string;
  label_url: string;
  eta: string | null;
  messages?: { text: string }[];
}
interface ShippoTrackingStatus {
  object_id: string;
  status: 'PRE_TRANSIT' | 'TRANSIT' | 'DELIVERED' | 'RETURNED' | 'FAILURE' | 'UNKNOWN';
  status_details: string;
  status_date: string;
  substatus?: { code: string } | null;
}
export interface ShippoTrack {
  tracking_number: string;
  carrier: string;
  tracking_status: ShippoTrackingStatus | null;
  tracking_history: ShippoTrackingStatus[];
}

/** A Shippo webhook whose secret or signature does not match (answered 401, nothing applied). */
export class InvalidCarrierWebhookError extends Error {
  override name = 'InvalidCarrierWebhookError';
}

/** Shippo's status (and the substatus that says "out for delivery") as Yardly's parcel status. */
export function parcelStatusOf(status: ShippoTrackingStatus): ParcelStatus {
  if (status.status === 'DELIVERED') return 'delivered';
  if (status.status === 'PRE_TRANSIT' || status.status === 'UNKNOWN') return 'pre_transit';
  if (status.status === 'TRANSIT')
    return status.substatus?.code === 'out_for_delivery' ? 'out_for_delivery' : 'in_transit';
  return 'exception';
}

/**
 * The carrier token Shippo's tracking calls take (`usps`, `dhl_express`, `gls_us`), read from the
 * rate's `provider`: Shippo's tokens are its provider names in lower case, words joined by `_`.
 * A service token is not cut at its first `_` (that made `dhl` of `dhl_express_worldwide`).
 */
export function carrierCodeOf(rate: Pick<ShippoRate, 'provider'>): string {
  return rate.provider
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function eventsOf(track: ShippoTrack): TrackingEvent[] {
  const all = [...track.tracking_history];
  if (track.tracking_status && !all.some((s) => s.object_id === track.tracking_status?.object_id))
    all.push(track.tracking_status);
  return all.map((s) => ({
    trackingNumber: track.tracking_number,
    ...(track.carrier ? { carrierCode: track.carrier } : {}),
    carrierEventId: `shippo:${s.object_id}`,
    status: parcelStatusOf(s),
    at: new Date(s.status_date),
    description: s.status_details || s.status,
  }));
}

function shippoAddress(a: LabelAddress) {
  return {
    name: a.name,
    street1: a.line1 ?? '',
    street2: a.line2 ?? '',
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: 'US',
  };
}

/** The parcel a Shippo shipment carries: the preset's dimensions and the item's weight. */
function shippoParcel(request: ShipmentRequest) {
  const preset = PARCEL_PRESETS[request.parcel];
  return {
    length: String(preset.lengthIn),
    width: String(preset.widthIn),
    height: String(preset.heightIn),
    distance_unit: 'in',
    weight: String(request.weightLbs),
    mass_unit: 'lb',
  };
}

/** Shippo's decimal dollars ("7.55") as cents, by the one money rule (a non-number throws). */
function centsOf(amount: string): number {
  return dollarsToCents(Number(amount));
}

/**
 * Shippo (SHIPPO_API_KEY set): rates from `POST /shipments` (synchronous), a label bought with
 * `POST /transactions` for the chosen rate (PDF 4×6, downloaded from its label_url and kept),
 * voided with `POST /refunds`, tracking from `GET /tracks/{carrier}/{number}` with the carrier
 * the label's rate named (`carrierCodeOf`).
 */
export function createShippoCarrier(config: ShippoConfig): Carrier {
  async function shippo<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: { Authorization: `ShippoToken ${config.apiKey}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new CarrierError(`Shippo ${method} ${path}: ${(error as Error).message}`);
    }
    if (!res.ok) throw new CarrierError(`Shippo ${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function shipmentRates(request: ShipmentRequest): Promise<ShippoRate[]> {
    const shipment = await shippo<{ object_id: string; rates: ShippoRate[] }>('POST', '/shipments/', {
      address_from: shippoAddress(request.from),
      address_to: shippoAddress(request.to),
      parcels: [shippoParcel(request)],
      metadata: request.reference,
      async: false,
    });
    return shipment.rates.filter((r) => r.currency === 'USD');
  }

  const asRate = (r: ShippoRate): CarrierRate => ({
    service: r.servicelevel.token,
    amountCents: centsOf(r.amount),
    days: r.estimated_days ?? 5,
  });

  return {
    name: 'shippo',
    async rates(request) {
      return (await shipmentRates(request)).map(asRate).sort((a, b) => a.amountCents - b.amountCents);
    },
    async buyLabel(request) {
      const rate = (await shipmentRates(request)).find((r) => r.servicelevel.token === request.service);
      if (!rate) throw new NoSuchServiceError(request.service);
      const bought = await shippo<ShippoTransaction>('POST', '/transactions/', {
        rate: rate.object_id,
        label_file_type: 'PDF_4x6',
        metadata: request.reference,
        async: false,
      });
      if (bought.status !== 'SUCCESS')
        throw new CarrierError(
          `Shippo could not buy the label: ${(bought.messages ?? []).map((m) => m.text).join('; ')}`,
        );
      const pdf = await fetch(bought.label_url, { signal: AbortSignal.timeout(20_000) }).catch((error: Error) => {
        throw new CarrierError(`Shippo's label could not be downloaded: ${error.message}`);
      });
      if (!pdf.ok) throw new CarrierError(`Shippo's label answered ${pdf.status}`);
      const { service, amountCents, days } = asRate(rate);
      return {
        carrierLabelId: bought.object_id,
        trackingNumber: bought.tracking_number,
        service,
        carrierCode: carrierCodeOf(rate),
        amountCents,
        days,
        expectedAt: bought.eta ? new Date(bought.eta) : null,
        labelPdf: Buffer.from(await pdf.arrayBuffer()),
      };
    },
    async voidLabel(carrierLabelId) {
      await shippo('POST', '/refunds/', { transaction: carrierLabelId, async: false });
    },
    async tracking({ trackingNumber, carrierCode }) {
      // A tracking number is unique per carrier: the one the label's rate named.
      if (!carrierCode) throw new CarrierError(`no carrier is known for tracking number ${trackingNumber}`);
      const carrier = carrierCode;
      const track = await shippo<ShippoTrack>(
        'GET',
        `/tracks/${encodeURIComponent(carrier)}/${encodeURIComponent(trackingNumber)}`,
      );
      return eventsOf(track);
    },
  };
}

/** How old a signed webhook may be: a captured one replayed later is refused (Stripe's tolerance too). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
/** How far ahead of our clock a signature's time may be (clocks a little apart); further ahead is refused. */
export const SIGNATURE_AHEAD_SECONDS = 30;

/**
 * Reads Shippo's `track_updated` webhook. Shippo authenticates a webhook by what its URL carries
 * (`?token=<SHIPPO_WEBHOOK_SECRET>`, set when the webhook is registered); a request signed with
 * an HMAC-SHA256 of `<t>.<raw body>` in `Shippo-Auth-Signature: t=<unix>,v1=<hex>` is accepted too,
 * when `t` is within five minutes before `now` (and not ahead of it). Other events are read as no events.
 */
export function readShippoWebhook(
  secret: string,
  raw: Buffer,
  token: string | undefined,
  signature: string | undefined,
  now: Date,
): TrackingEvent[] {
  if (!tokenMatches(secret, token)) {
    const signed = signatureOf(signature);
    if (!signed || !same(signed.v1, hmacOf(secret, signed.t, raw)))
      throw new InvalidCarrierWebhookError('the token or signature does not match');
    const age = Math.floor(now.getTime() / 1000) - Number(signed.t);
    if (age > SIGNATURE_TOLERANCE_SECONDS) throw new InvalidCarrierWebhookError(`the signature is ${age} s old`);
    if (age < -SIGNATURE_AHEAD_SECONDS) throw new InvalidCarrierWebhookError(`the signature is dated ${-age} s ahead`);
  }
  let body: { event?: string; data?: ShippoTrack };
  try {
    body = JSON.parse(raw.toString('utf8')) as typeof body;
  } catch {
    throw new InvalidCarrierWebhookError('the body is not JSON');
  }
  if (body.event !== 'track_updated' || !body.data?.tracking_number) return [];
  return eventsOf({ ...body.data, tracking_history: body.data.tracking_history ?? [] });
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function tokenMatches(secret: string, token: string | undefined): boolean {
  return token !== undefined && same(token, secret);
}

/** `t=<unix seconds>,v1=<hex>`, or undefined when the header is absent or not in that form. */
function signatureOf(header: string | undefined): { t: string; v1: string } | undefined {
  if (!header) return undefined;
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=') as [string, string]));
  if (!parts.t || !/^\d{1,12}$/.test(parts.t) || !parts.v1) return undefined;
  return { t: parts.t, v1: parts.v1 };
}

function hmacOf(secret: string, t: string, raw: Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(raw).digest('hex');
}

/** Signs a body as `readShippoWebhook` checks it (tests, and the stand-in). */
export function signShippoWebhook(secret: string, raw: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex')}`;
}
