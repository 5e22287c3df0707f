import { checkoutCalls, joinCalls, orderCalls } from '@yardly/shared/contract';
import { orderProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { listingReader } from '../organisation-marketplace/visibility';
import { assertMemberMay } from '../organisations/member-access';
import { abandonedCheckoutsJob } from './abandoned';
import { cancelOrderWith, refundUnshippedOrder } from './cancel';
import { createPaymentIntentWith, deliveryOptions } from './checkout';
import { completeCheckoutWith } from './complete';
import { confirmDeliveryWith } from './delivery';
import { readOrderNotices } from './notices';
import { assertPickupCheckout, confirmPickupWith } from './pickup';
import { placeOrderWith } from './place';
import { orderTimerTaking, releaseSellerShare } from './process';
import { listOrders, orderDetailById, orderDetailFor, placedAnswer } from './read';
import { settlePaymentJob } from './settle';
import { onStripeOrderEvents } from './stripe-events';

/** Checkout and orders (issue 18): delivery options, payment intents, placing, pay-and-pickup, the orders' reads and changes. */
export const ordersCapability = defineCapability({
  name: 'orders',
  calls: joinCalls(checkoutCalls, orderCalls),
  process: orderProcess,
  services: (app: AppServices) => {
    const deps = { ...app, offerRunner: app.processes.offer, orderRunner: app.processes.order };
    return {
      ...deps,
      createPaymentIntent: createPaymentIntentWith(deps),
      placeOrder: placeOrderWith(deps),
      completeCheckout: completeCheckoutWith(deps),
      cancelOrder: cancelOrderWith(deps),
      confirmPickup: confirmPickupWith(deps),
      confirmDelivery: confirmDeliveryWith(deps),
    };
  },
  handlers: (s) => ({
    deliveryOptions: async ({ query, caller }) =>
      deliveryOptions(s.db, query.listingRefnum, await listingReader(s.db, caller)),
    createPaymentIntent: ({ body, caller, request }) => {
      // Buying is an offer at the price: a REJECTED company's member may not (spec section 4).
      assertMemberMay(caller, 'offer');
      return s.createPaymentIntent(caller, body, request.headers['idempotency-key']);
    },
    placeOrder: async ({ body, caller }) => placedAnswer(s.db, await s.placeOrder(caller, body.paymentIntentId)),
    payAndPickup: async ({ body, caller }) => {
      await assertPickupCheckout(s.db, caller, body);
      const order = await s.placeOrder(caller, body.paymentIntentId);
      return { ...(await placedAnswer(s.db, order)), pickupCode: order.pickupCode ?? '' };
    },
    list: ({ query, caller }) => listOrders(s.db, caller, query, s.clock.now()),
    detail: ({ query, caller }) => orderDetailFor(s.db, caller, query.orderId, s.clock.now()),
    cancel: async ({ body, caller }) =>
      orderDetailById(s.db, caller, await s.cancelOrder(caller, body.orderId, s.clock.now()), s.clock.now()),
    confirmPickup: async ({ body, caller }) =>
      orderDetailById(s.db, caller, await s.confirmPickup(caller, body, s.clock.now()), s.clock.now()),
    confirmDelivery: async ({ body, caller }) =>
      orderDetailById(s.db, caller, await s.confirmDelivery(caller, body.orderId, s.clock.now()), s.clock.now()),
  }),
  routes: (_app, s) => {
    onStripeOrderEvents(s.paymentEvents, s);
    // Stripe's "authorised": the order is placed even when the buyer's tab closed before it could place it.
    s.paymentEvents.onPaymentEvent(
      'payment_intent.amount_capturable_updated',
      async ({ tx, event, provider, afterCommit }) => {
        await s.completeCheckout(tx, event.objectId, () => provider.retrieveIntent(event.objectId), afterCommit);
      },
    );
  },
  processes: (registry, s) => {
    registry.implement(orderProcess, 'releaseSellerShare', releaseSellerShare);
    registry.implement(orderProcess, 'refundUnshippedOrder', refundUnshippedOrder(s.jobs));
    registry.readNotices(orderProcess, readOrderNotices);
    registry.takeTimers(orderProcess, orderTimerTaking);
  },
  jobs: (s) => [
    settlePaymentJob(s.payments),
    abandonedCheckoutsJob({ payments: s.payments, complete: s.completeCheckout }),
  ],
});
