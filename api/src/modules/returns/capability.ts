import { returnCalls } from '@yardly/shared/contract';
import { returnProcess } from '@yardly/shared/rules';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { withPhotoUpload } from '../files/photo-upload';
import { orderRunnerWith } from '../orders/process';
import { returnsResource } from './admin';
import { answerReturnWith, autoAcceptJob } from './answer';
import { openReturnWith } from './open';
import { addReturnPhoto } from './photos';
import { returnRunnerWith } from './process';
import { returnDetailFor, returnOf } from './read';
import { returnDelivered, returnRefundJob } from './refund';

/** Returns (issue 19 §3): the buyer opens one in the receipt window, the seller answers, the console decides disputes, the parcel back refunds the item price. */
export const returnsCapability = defineCapability({
  name: 'returns',
  calls: returnCalls,
  process: returnProcess,
  services: (app: AppServices) => {
    const deps = { ...app, orderRunner: orderRunnerWith(app.jobs), returnRunner: returnRunnerWith(app.jobs) };
    // The carrier delivered a return parcel back to its seller: the item price is refunded.
    app.shipping.onShipmentDelivered('return', async (tx, shipment, now) => {
      await returnDelivered(tx, deps, shipment.id, now);
    });
    return { ...deps, openReturn: openReturnWith(deps), answerReturn: answerReturnWith(deps) };
  },
  handlers: (s) => {
    const detail = (caller: Parameters<typeof returnDetailFor>[1], returnId: string) =>
      returnDetailFor(s.db, caller, returnId);
    return {
      open: async ({ body, caller }) => ({ returnId: await s.openReturn(caller, body, s.clock.now()) }),
      addPhoto: async ({ query, caller, request }) =>
        withPhotoUpload(request, (photo) => addReturnPhoto(s.db, s.files, caller, query.returnId, photo)),
      detail: ({ query, caller }) => detail(caller, query.returnId),
      ofListing: ({ query, caller }) => returnOf(s.db, caller, query),
      accept: async ({ query, caller }) => {
        await s.answerReturn(caller, query.returnId, 'accept', s.clock.now());
        return detail(caller, query.returnId);
      },
      dispute: async ({ query, caller }) => {
        await s.answerReturn(caller, query.returnId, 'dispute', s.clock.now());
        return detail(caller, query.returnId);
      },
    };
  },
  adminResources: (s) => [returnsResource(s)],
  jobs: (s) => [autoAcceptJob(s), returnRefundJob(s.payments)],
});
