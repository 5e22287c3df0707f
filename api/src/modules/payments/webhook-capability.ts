import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { InvalidWebhookError, MalformedWebhookError, type PaymentProvider } from './provider';
import { applyPaymentEvent } from './webhook-apply';

const WEBHOOK_PATH = '/svc/payment/webhook';

/**
 * `POST /svc/payment/webhook` (issue 18): Stripe's events, signature checked over the raw body,
 * each applied once and handed to what capabilities registered (`app.paymentEvents`). Without
 * Stripe and its webhook secret there is nothing to receive: 404, never a 500.
 */
export const paymentWebhookCapability = defineCapability({
  name: 'payment-webhook',
  services: (app: AppServices) => ({
    ...app,
    // Only Stripe sends webhooks, and only a configured secret can check them.
    provider: app.payments.name === 'stripe' && app.config.stripe?.webhookSecret ? app.payments : undefined,
  }),
  routes: (app, s) => {
    // The signature covers the bytes as sent: this route alone keeps the body unparsed.
    void app.register(async (scope: FastifyInstance) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      scope.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request) => {
        const provider = s.provider;
        if (!provider) {
          throw new AppError(
            404,
            'Payment webhooks are not set up here: Stripe and its webhook secret are not configured',
            {
              reason: 'webhook_not_configured',
            },
          );
        }
        const event = readEvent(provider, request);
        const { applied } = await applyPaymentEvent(
          { db: s.db, clock: s.clock, registry: s.paymentEvents, provider, log: request.log },
          event,
        );
        return { code: 200, data: { eventId: event.id, applied } };
      });
    });
  },
});

function readEvent(provider: PaymentProvider, request: FastifyRequest) {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const signature = request.headers['stripe-signature'];
  try {
    return provider.readWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
  } catch (error) {
    if (!(error instanceof InvalidWebhookError)) throw error;
    request.log.warn({ reason: error.message }, 'payment webhook refused');
    if (error instanceof MalformedWebhookError) {
      throw new AppError(400, 'The webhook event cannot be read: it is not shaped as a Stripe event', {
        reason: 'malformed_event',
      });
    }
    throw new AppError(400, 'The webhook signature does not match', { reason: 'invalid_signature' });
  }
}
