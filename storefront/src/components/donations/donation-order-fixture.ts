import { type DonationOrder, donationOrderSchema } from '@yardly/shared/contract';

// The donation the donation tests render: Ann donates a coat to Remy of Warm Hands.

export const LISTING = 'L0123456789B';
export const DONOR = 'U0123456789A';
export const RECIPIENT = 'U0123456789C';

/** The donation as the donor sees it once Remy asked for it, with `change` applied (parsed by the contract). */
export function donationOrder(change: Partial<DonationOrder> = {}): DonationOrder {
  return donationOrderSchema.parse({
    donationOrderId: 'D0123456789E',
    listingRefnum: LISTING,
    listingTitle: 'Navy wool coat',
    listingPictureUrl: null,
    itemZip: '10001',
    donarRefnum: DONOR,
    donarName: 'Ann',
    recipientRefnum: RECIPIENT,
    recipientName: 'Remy',
    organizationName: 'Warm Hands',
    role: 'donor',
    state: 'requested',
    stateLabel: 'Requested, waiting for the donor',
    pickupAddress: null,
    conversationId: 'T0123456789F',
    messagesPath: `/myquest/messages/${LISTING}_${DONOR}_${RECIPIENT}`,
    pictures: [],
    actions: ['confirmPickup', 'cancel'],
    confirmBy: '2026-12-03T10:00:00.000Z',
    createdAt: '2026-11-26T10:00:00.000Z',
    confirmedAt: null,
    pickedUpAt: null,
    receivedAt: null,
    cancelledAt: null,
    ...change,
  });
}
