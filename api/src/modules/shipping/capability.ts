import { type ShippingLabel, shippingCalls } from '@yardly/shared/contract';
import { authMessages } from '@yardly/shared/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { confirmDeliveryWith } from '../orders/delivery';
import { orderDetailById } from '../orders/read';
import { LABEL_LINK_MINUTES, signedLabelUrl } from './label-links';
import { buyLabelWith, labelOf, labelPdfFor, orderOfListing, shippingRatesWith, trackingFor } from './service';
import { carrierEventJob } from './shipments';
import { InvalidCarrierWebhookError, readShippoWebhook } from './shippo-carrier';
import { arriveOnDelivery } from './tracking';

const SHIPPO_WEBHOOK_PATH = '/svc/shipping/webhook/shippo';

function keyOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 255 ? value : undefined;
}

/**
 * Labels, tracking and the buyer's receipt (issue 19): rates and labels for the order's seller,
 * the label's PDF, the parcel's tracking for both parties, the buyer's confirm-received, the
 * carrier's webhook (Shippo's track_updated) and the built-in carrier's events on the clock,
 * which both go through `app.shipping.applyTrackingEvents` (an outbound parcel delivered: the order's `arrive`).
 */
export const shippingCapability = defineCapability({
  name: 'shipping',
  calls: shippingCalls,
  services: (app: AppServices) => {
    const orderRunner = app.processes.order;
    const deps = { db: app.db, jobs: app.jobs, carrier: app.shipping.carrier, orderRunner, log: app.log };
    app.shipping.onShipmentDelivered('outbound', arriveOnDelivery(orderRunner));
    return {
      ...app,
      rates: shippingRatesWith(deps),
      buyLabel: buyLabelWith(deps),
      confirmDelivery: confirmDeliveryWith(deps),
    };
  },
  handlers: (s) => {
    // Only the order's seller is answered a label: the link is signed for them.
    const signedFor = (caller: Caller, label: ShippingLabel, signedAt = s.clock.now()): ShippingLabel => ({
      ...label,
      labelUrl: signedLabelUrl(s.secret, label.trackingNumber, caller.userId, signedAt),
    });
    return {
      rates: ({ query, caller }) => s.rates(caller, query.orderId, query.parcel, s.clock.now()),
      buyLabel: async ({ body, caller, request }) => {
        const now = s.clock.now();
        const { label, boughtAt } = await s.buyLabel(caller, body, keyOf(request.headers['idempotency-key']), now);
        // A retry with the same Idempotency-Key answers what the purchase answered, as Stripe's
        // replays do: the link signed when the label was bought, while that link still lives.
        const replayable = now.getTime() - boughtAt.getTime() < LABEL_LINK_MINUTES * 60_000;
        return signedFor(caller, label, replayable ? boughtAt : now);
      },
      label: async ({ query, caller }) => signedFor(caller, await labelOf(s.db, caller, query.orderId)),
      tracking: ({ query, caller }) => trackingFor(s.db, caller, query.orderId),
      confirmReceived: async ({ body, caller }) =>
        orderDetailById(s.db, caller, await s.confirmDelivery(caller, body.orderId, s.clock.now()), s.clock.now()),
      orderOfListing: ({ query, caller }) => orderOfListing(s.db, caller, query.listingRefnum),
    };
  },
  routes: (app, s) => {
    app.get<{ Params: { file: string }; Querystring: { exp?: string; sig?: string } }>(
      '/svc/shipping/labels/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const { exp, sig } = request.query;
        const caller = await app.resolveCaller(request);
        // A new tab has no token: its link's signature stands in for it (label-links.ts).
        if (!caller && sig === undefined) throw new AppError(401, authMessages.loginRequired);
        const trackingNumber = request.params.file.replace(/\.pdf$/, '');
        const pdf = await labelPdfFor(s.db, caller, trackingNumber, { secret: s.secret, exp, sig, now: s.clock.now() });
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="label-${trackingNumber}.pdf"`)
          .header('Cache-Control', 'private, no-store')
          .send(pdf);
      },
    );
    // The token or signature covers the bytes as sent: this route alone keeps the body unparsed.
    void app.register(async (scope: FastifyInstance) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.post(SHIPPO_WEBHOOK_PATH, { schema: { hide: true } }, async (request) => {
        const secret = s.config.shippo?.webhookSecret;
        if (!secret)
          throw new AppError(
            404,
            'Carrier webhooks are not set up here: SHIPPO_API_KEY and SHIPPO_WEBHOOK_SECRET are not configured',
            {
              reason: 'webhook_not_configured',
            },
          );
        const events = readWebhook(secret, request, s.clock.now());
        const { applied } = await s.db.transaction((tx) => s.shipping.applyTrackingEvents(tx, events, s.clock.now()));
        return { code: 200, data: { received: events.length, applied } };
      });
    });
  },
  jobs: (s) => [carrierEventJob((tx, events, now) => s.shipping.applyTrackingEvents(tx, events, now))],
});

function readWebhook(secret: string, request: FastifyRequest<{ Querystring?: unknown }>, now: Date) {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const token = (request.query as { token?: string } | undefined)?.token;
  const signature = request.headers['shippo-auth-signature'];
  try {
    return readShippoWebhook(secret, raw, token, Array.isArray(signature) ? signature[0] : signature, now);
  } catch (error) {
    if (!(error instanceof InvalidCarrierWebhookError)) throw error;
    request.log.warn({ reason: error.message }, 'carrier webhook refused');
    throw new AppError(401, 'The webhook token or signature does not match', { reason: 'invalid_signature' });
  }
}
