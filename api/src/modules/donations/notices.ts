import { DONATION_CONFIRM_DAYS, type DonationEvent } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import type { Transition } from '../../process/transition';
import { notify } from '../notifications/notify';
import type { DonationContext } from './context';
import type { DonationOrderRow } from './process';

/** What the other party reads in their notifications (and the notices' email) for each step. */
function noticeText(event: DonationEvent, c: DonationContext): string {
  const item = `“${c.listingTitle}”`;
  switch (event) {
    case 'request':
      return `${c.recipientName} asked for your donation ${item} for ${c.organizationName}: confirm a pickup address within ${DONATION_CONFIRM_DAYS} days.`;
    case 'confirmPickup':
      return `The donor confirmed the pickup address for ${item}: a Yardly representative will be in touch within 2-3 business days.`;
    case 'pickUp':
      return `The donation ${item} was marked as picked up.`;
    case 'receive':
      return `The donation ${item} was received by ${c.organizationName}. Thank you!`;
    case 'cancel':
      return `The donation of ${item} was cancelled.`;
    case 'lapse':
      return `The request for ${item} lapsed: no pickup address was confirmed within ${DONATION_CONFIRM_DAYS} days.`;
  }
}

/**
 * Tells the party who did not take the step (both when the platform or an admin took it), in the
 * step's transaction; the notice delivery job pushes and mails it. A request leads the donor to
 * the confirmation page; every other step to the conversation.
 */
export async function notifyStep(
  tx: Db,
  row: DonationOrderRow,
  done: Pick<Transition<string, DonationEvent>, 'event' | 'by'>,
  context: DonationContext,
  confirmPath: string,
): Promise<void> {
  const told = [row.donorId, row.recipientId].filter((id) => id !== done.by.userId);
  const text = noticeText(done.event, context);
  for (const userId of told) {
    const link = done.event === 'request' && userId === row.donorId ? confirmPath : context.messagesPath;
    await notify(tx, [userId], text, link);
  }
}
