import type { OrderSummary, ReturnDetail } from '@yardly/shared/contract';
import {
  fileSize,
  orderEventsFor,
  PHOTO_MIME_TYPES,
  photoRuleViolation,
  RETURN_MAX_PHOTOS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnEvent,
  returnMessages,
  returnProcess,
} from '@yardly/shared/rules';

/** The reasons as the form lists them. */
export const REASON_CHOICES = RETURN_REASONS.map((id) => ({ id, label: RETURN_REASON_LABELS[id] }));

/** The return events a party takes with a button: the seller's answers. */
export type ReturnAction = Extract<ReturnEvent, 'accept' | 'dispute'>;

/** The seller's buttons on a return: exactly the events the api says the caller may take now. */
export function returnActionsFor(detail: Pick<ReturnDetail, 'actions'>): ReturnAction[] {
  return (['accept', 'dispute'] as const).filter((action) => detail.actions.includes(action));
}

export function returnActionLabel(action: ReturnAction): string {
  return returnProcess.events[action].label;
}

/** What the seller confirms before answering. */
export const RETURN_PROMPTS: Record<ReturnAction, string> = {
  accept: 'Accept this return? The buyer gets a prepaid label, and the item price is refunded when it reaches you.',
  dispute: 'Dispute this return? Yardly looks at it and decides for the buyer or for you.',
};

/**
 * The photos the buyer chose, checked as the api checks them: at most four, JPG or PNG, 10 MB
 * each. Answers the ones kept and the first problem, if any.
 */
export function choosePhotos(
  chosen: readonly File[],
  incoming: readonly File[],
): { photos: File[]; problem: string | null } {
  const photos = [...chosen];
  for (const file of incoming) {
    const problem =
      photos.length >= RETURN_MAX_PHOTOS ? returnMessages.tooManyPhotos : photoRuleViolation(file, photos.length);
    if (problem) return { photos, problem };
    photos.push(file);
  }
  return { photos, problem: null };
}

export const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');

/** A chosen photo as the list names it: 'mug.jpg (1.2 MB)'. */
export function photoLine(file: Pick<File, 'name' | 'size'>): string {
  return `${file.name} (${fileSize(file.size)})`;
}

/** What the return means for the person now, in a sentence under its status. */
export function returnNextStep(detail: Pick<ReturnDetail, 'status' | 'role'>): string {
  const buyer = detail.role === 'buyer';
  switch (detail.status) {
    case 'requested':
      return buyer
        ? 'The seller has 3 business days to accept or dispute your return; after that Yardly accepts it.'
        : 'Accept or dispute this return within 3 business days; after that Yardly accepts it.';
    case 'accepted':
      return buyer
        ? 'Print the prepaid return label and send the item back. The item price is refunded when it arrives.'
        : 'The buyer is sending the item back with a prepaid label.';
    case 'disputed':
      return 'Yardly is looking at this return and will decide.';
    case 'refunded':
      return returnMessages.refunded;
    case 'refused':
      return returnMessages.refused;
  }
}

/**
 * Whether the buyer sees Return item on an order: the order process allows its buyer `openReturn`
 * now (an arrived parcel, the receipt window open) and, on an order's detail, the api says so too.
 */
export function mayOpenReturn(
  order: Pick<OrderSummary, 'status' | 'role' | 'deliveryMethod'> & { actions?: readonly string[] },
): boolean {
  if (order.role !== 'buying') return false;
  const allowed = orderEventsFor(order.status, 'buyer', { pickup: order.deliveryMethod === 'pickup' });
  return allowed.includes('openReturn') && (order.actions?.includes('openReturn') ?? true);
}

/** Whether the order has a return to follow. */
export function returnOpened(order: Pick<OrderSummary, 'status'>): boolean {
  return order.status === 'returning' || order.status === 'returned';
}
