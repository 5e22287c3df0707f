import type { AdminDonationRecord } from '@yardly/shared/contract';
import { DONATION_CONTACT_BUSINESS_DAYS, DONATION_STATES, donationProcess } from '@yardly/shared/rules';
import { stateChoices } from '../process-actions';

/** The state filter's choices, in the process's order, as a person reads them. */
export const DONATION_STATE_CHOICES = stateChoices(DONATION_STATES, donationProcess);

/** The overdue filter's choices (the api reads 'true' / 'false'). */
export const OVERDUE_CHOICES = [
  { id: 'true', name: 'Overdue' },
  { id: 'false', name: 'Not overdue' },
];

/** The queue waits longest first: oldest request at the top. */
export const DONATION_QUEUE_SORT = { field: 'createdAt', order: 'ASC' } as const;

/** The queue's marker for a donation no representative contacted in time. */
export const OVERDUE_LABEL = 'Overdue';

/** Why a donation is marked, as the marker's tooltip says it. */
export const OVERDUE_EXPLANATION = `No representative contact within ${DONATION_CONTACT_BUSINESS_DAYS} business days of the confirmed pickup`;

/** '1 day', '12 days': the age column. */
export function ageText(record: Pick<AdminDonationRecord, 'ageDays'>): string {
  return `${record.ageDays} ${record.ageDays === 1 ? 'day' : 'days'}`;
}

/** One line of a pickup address, or the reason there is none yet. */
export function pickupAddressText(record: Pick<AdminDonationRecord, 'pickupAddress'>): string {
  const a = record.pickupAddress;
  if (!a) return 'Not confirmed by the donor yet';
  const street = [a.line1, a.line2].filter(Boolean).join(', ');
  return `${a.firstName} ${a.lastName}, ${street}, ${a.city}, ${a.state} ${a.zip} (phone ${a.phoneNo})`;
}
