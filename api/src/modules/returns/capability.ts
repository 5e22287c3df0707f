import { type ReturnDetail, returnCalls } from '@yardly/shared/contract';
import { returnProcess } from '@yardly/shared/rules';
import type { Caller } from '../../http/caller';
import { defineCapability } from '../../http/capability';
import type { AppServices } from '../../services';
import { withPhotoUpload } from '../files/photo-upload';
import { signedLabelUrl } from '../shipping/label-links';
import { returnsResource } from './admin';
import { acceptUnansweredReturn, answerReturnWith } from './answer';
import { readReturnNotices } from './notices';
import { openReturnWith } from './open';
import { addReturnPhoto } from './photos';
import { returnTimerTaking } from './process';
import { returnDetailFor, returnOf } from './read';
import { returnDelivered, returnRefundJob } from './refund';

/** Returns (issue 19 §3): the buyer opens one in the receipt window, the seller answers, the console decides disputes, the parcel back refunds the item price. */
export const returnsCapability = defineCapability({
  name: 'returns',
  calls: returnCalls,
  process: returnProcess,
  services: (app: AppServices) => {
    const deps = { ...app, orderRunner: app.processes.order, returnRunner: app.processes.return };
    // The carrier delivered a return parcel back to its seller: the item price is refunded.
    app.shipping.onShipmentDelivered('return', async (tx, shipment, now) => {
      await returnDelivered(tx, deps, shipment.id, now);
    });
    return { ...deps, openReturn: openReturnWith(deps), answerReturn: answerReturnWith(deps) };
  },
  handlers: (s) => {
    const detail = async (caller: Caller, returnId: string) =>
      labelSignedFor(caller, await returnDetailFor(s.db, caller, returnId));
    // The prepaid return label opens for its buyer only: their link is signed, anyone else's is not.
    const labelSignedFor = (caller: Caller, answer: ReturnDetail): ReturnDetail =>
      answer.label && answer.role === 'buyer'
        ? {
            ...answer,
            label: {
              ...answer.label,
              labelUrl: signedLabelUrl(s.secret, answer.label.trackingNumber, caller.userId, s.clock.now()),
            },
          }
        : answer;
    return {
      open: async ({ body, caller }) => ({ returnId: await s.openReturn(caller, body, s.clock.now()) }),
      addPhoto: async ({ query, caller, request }) =>
        withPhotoUpload(request, (photo) => addReturnPhoto(s.db, s.files, caller, query.returnId, photo)),
      detail: ({ query, caller }) => detail(caller, query.returnId),
      ofListing: async ({ query, caller }) => labelSignedFor(caller, await returnOf(s.db, caller, query)),
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
  processes: (registry, s) => {
    registry.implement(returnProcess, 'acceptUnansweredReturn', acceptUnansweredReturn(s));
    registry.takeTimers(returnProcess, returnTimerTaking);
    registry.readNotices(returnProcess, readReturnNotices);
  },
  jobs: (s) => [returnRefundJob(s.payments)],
});
