import { type AdminDonationChange, type AdminDonationRecord, adminDonationChangeSchema } from '@yardly/shared/contract';
import { donationMessages, donationProcess } from '@yardly/shared/rules';
import { allowedButtons, type ProcessAsk, type ProcessButton, type ProcessRequest } from '../process-actions';

/** The donation events the console may take (the change body's `event`). */
export type ConsoleDonationEvent = NonNullable<AdminDonationChange['event']>;

/** In the order the buttons show: forward first, cancelling last. */
const CONSOLE_EVENTS: readonly ConsoleDonationEvent[] = ['pickUp', 'receive', 'cancel'];

/**
 * The status buttons of a donation: the console's events the record's `actions` allow now, labelled
 * as the donation process names them ('Mark as picked up'). Whether the person may change donations
 * at all (a limited admin may not) is the role matrix's, which ProcessActions asks.
 */
export function donationStatusChanges(
  record: Pick<AdminDonationRecord, 'actions'>,
): ProcessButton<ConsoleDonationEvent>[] {
  return allowedButtons(record.actions, CONSOLE_EVENTS, (event) => donationProcess.events[event].label);
}

/** The PUT body of a status button: its event, nothing else of the record. */
export function statusChangeRequest(event: ConsoleDonationEvent): AdminDonationChange {
  return { event };
}

/** The request a status button sends. */
export function statusChange(event: ConsoleDonationEvent): ProcessRequest {
  return { method: 'PUT', data: statusChangeRequest(event) };
}

/** The PUT body of a contact note, trimmed as the api keeps it. */
export function contactNoteRequest(note: string): AdminDonationChange {
  return { contactNote: note.trim() };
}

/** What is wrong with a contact note, in the contract's words (the api checks the same schema); undefined when it will do. */
export function contactNoteProblem(note: string): string | undefined {
  const parsed = adminDonationChangeSchema.safeParse(contactNoteRequest(note));
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** What the console says once the api took the change. */
export const DONATION_CHANGE_DONE: Record<ConsoleDonationEvent | 'contactNote', string> = {
  pickUp: donationMessages.pickedUp,
  receive: `${donationMessages.received}: the donor is mailed a receipt`,
  cancel: `${donationMessages.cancelled}: the item is on offer again`,
  contactNote: 'Contact note added',
};

/** What the cancel confirmation says before it is sent (the others go forward only). */
export const CANCEL_CONFIRMATION =
  'The donation order is cancelled and the item is on offer again; the donor and the recipient are notified.';

/** Cancelling asks first; the forward steps do not. */
export function statusChangeAsk(
  event: ConsoleDonationEvent,
  record: Pick<AdminDonationRecord, 'id'>,
): ProcessAsk | undefined {
  if (event !== 'cancel') return undefined;
  return {
    title: `Cancel donation ${record.id}?`,
    content: CANCEL_CONFIRMATION,
    confirm: 'Cancel donation',
    cancel: 'Keep it',
  };
}
