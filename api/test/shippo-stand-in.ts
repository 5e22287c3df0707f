import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { labelPdf } from '../src/modules/shipping/label-pdf';

/**
 * A local stand-in for the part of Shippo's REST API the adapter calls (issue 19: its tests
 * never reach the network): `POST /shipments/` answers rates for two USPS services, `POST
 * /transactions/` buys one (a label_url served here as a PDF), `POST /refunds/` voids it,
 * `GET /tracks/{carrier}/{number}` answers the track. Every call must carry `Authorization:
 * ShippoToken <key>`; each request is recorded.
 */
export async function startShippoStandIn(apiKey: string) {
  /** What the next answers carry: the rates' carrier (Shippo's provider name and service tokens), a forced tracking number. */
  const options: {
    provider: string;
    services: { token: string; name: string; amount: string; days: number }[];
    trackingNumber?: string;
  } = {
    provider: 'USPS',
    services: [
      { token: 'usps_ground_advantage', name: 'Ground Advantage', amount: '6.35', days: 4 },
      { token: 'usps_priority', name: 'Priority Mail', amount: '9.80', days: 2 },
    ],
  };
  const requests: { method: string; path: string; body: unknown; auth: string | undefined }[] = [];
  const rates = new Map<string, { token: string; amount: string; days: number; shipment: string }>();
  const labels = new Map<string, Buffer>();
  let n = 0;
  const server: Server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, body, auth: req.headers.authorization });
    const send = (status: number, payload: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(Buffer.isBuffer(payload) ? payload : JSON.stringify(payload));
    };
    if (path.startsWith('/labels/')) {
      const pdf = labels.get(path.slice('/labels/'.length));
      return pdf ? send(200, pdf, 'application/pdf') : send(404, { detail: 'Not found' });
    }
    if (req.headers.authorization !== `ShippoToken ${apiKey}`) return send(401, { detail: 'Invalid token.' });
    if (req.method === 'POST' && path === '/shipments/') {
      const shipment = `shp_${++n}`;
      const made = options.services.map((r) => {
        const id = `rate_${++n}`;
        rates.set(id, { token: r.token, amount: r.amount, days: r.days, shipment });
        return {
          object_id: id,
          amount: r.amount,
          currency: 'USD',
          provider: options.provider,
          servicelevel: { name: r.name, token: r.token },
          estimated_days: r.days,
        };
      });
      return send(201, { object_id: shipment, status: 'SUCCESS', rates: made });
    }
    if (req.method === 'POST' && path === '/transactions/') {
      const rate = rates.get((body as { rate: string }).rate);
      if (!rate) return send(400, { rate: ['Rate not found'] });
      const id = `txn_${++n}`;
      const trackingNumber = options.trackingNumber ?? `9400${String(n).padStart(17, '0')}`;
      labels.set(
        `${id}.pdf`,
        await labelPdf({
          from: { name: 'Shippo sender', line1: null, line2: null, city: 'New York', state: 'NY', zip: '10001' },
          to: { name: 'Shippo recipient', line1: null, line2: null, city: 'Boston', state: 'MA', zip: '02108' },
          trackingNumber,
          service: rate.token,
          parcel: 'small',
          weightLbs: 1,
          reference: id,
          carrierName: 'USPS',
        }),
      );
      const port = (server.address() as AddressInfo).port;
      return send(201, {
        object_id: id,
        status: 'SUCCESS',
        tracking_number: trackingNumber,
        label_url: `http://127.0.0.1:${port}/labels/${id}.pdf`,
        eta: null,
        messages: [],
      });
    }
    if (req.method === 'POST' && path === '/refunds/') {
      return send(201, {
        object_id: `ref_${++n}`,
        status: 'QUEUED',
        transaction: (body as { transaction: string }).transaction,
      });
    }
    if (req.method === 'GET' && path.startsWith('/tracks/')) {
      const [, , carrier, number] = path.split('/');
      return send(200, { carrier, tracking_number: number, tracking_status: null, tracking_history: [] });
    }
    return send(404, { detail: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    options,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** A Shippo `track_updated` webhook body for one status of a parcel. */
export function trackUpdated(
  trackingNumber: string,
  status: 'PRE_TRANSIT' | 'TRANSIT' | 'DELIVERED',
  eventId: string,
  at: Date,
  substatus?: string,
) {
  const trackingStatus = {
    object_id: eventId,
    status,
    status_details: status === 'DELIVERED' ? 'Your item was delivered.' : 'Your item is on its way.',
    status_date: at.toISOString(),
    substatus: substatus ? { code: substatus } : null,
  };
  return {
    event: 'track_updated',
    test: true,
    data: {
      carrier: 'usps',
      tracking_number: trackingNumber,
      tracking_status: trackingStatus,
      tracking_history: [trackingStatus],
    },
  };
}
