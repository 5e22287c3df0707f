import type { AdminDonationRecord } from '@yardly/shared/contract';
import { DONATION_STATES, donationEventsFor, donationMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { consoleMayAccess } from '../access';
import {
  contactNoteProblem,
  contactNoteRequest,
  DONATION_CHANGE_DONE,
  donationStatusChanges,
  statusChange,
  statusChangeAsk,
  statusChangeRequest,
} from './process';

const on = { donationEnabled: true };
const ADMIN = ['ROLE_USER', 'ROLE_ADMIN'];
const LIMITED = ['ROLE_USER', 'ROLE_LIMITED_ADMIN'];

/** The buttons a person with these roles sees on a donation whose actions the api answered (ProcessActions asks the matrix). */
function buttonsFor(roles: string[], actions: AdminDonationRecord['actions']) {
  if (!consoleMayAccess(roles, 'process-donations', 'edit', on)) return [];
  return donationStatusChanges({ actions }).map((b) => b.label);
}

describe('the donation queue for each admin role', () => {
  it('lets the limited admin read the queue, and nothing of process-donations', () => {
    expect(consoleMayAccess(LIMITED, 'donations', 'list', on)).toBe(true);
    expect(consoleMayAccess(LIMITED, 'donations', 'show', on)).toBe(true);
    expect(consoleMayAccess(LIMITED, 'donations', 'edit', on)).toBe(false);
    for (const action of ['list', 'show', 'edit']) {
      expect(consoleMayAccess(LIMITED, 'process-donations', action, on)).toBe(false);
    }
    expect(consoleMayAccess(ADMIN, 'process-donations', 'edit', on)).toBe(true);
  });

  it('shows the limited admin no status button, even where the api would allow one', () => {
    expect(buttonsFor(LIMITED, ['pickUp', 'cancel'])).toEqual([]);
    expect(buttonsFor(ADMIN, ['pickUp', 'cancel'])).toEqual(['Mark as picked up', 'Cancel donation']);
  });

  it("shows an admin exactly the record's console actions, labelled as the donation process names them", () => {
    expect(buttonsFor(ADMIN, ['cancel', 'receive', 'pickUp'])).toEqual([
      'Mark as picked up',
      'Mark as received',
      'Cancel donation',
    ]);
    expect(buttonsFor(ADMIN, ['receive'])).toEqual(['Mark as received']);
    expect(buttonsFor(ADMIN, [])).toEqual([]);
    // A donor's or a recipient's own event is never a console button.
    expect(buttonsFor(ADMIN, ['confirmPickup', 'request'])).toEqual([]);
  });

  it('offers, state by state, what the process gives the admin', () => {
    const byState = Object.fromEntries(
      DONATION_STATES.map((state) => [state, buttonsFor(ADMIN, donationEventsFor(state, 'admin'))]),
    );
    expect(byState).toEqual({
      requested: ['Cancel donation'],
      pickupConfirmed: ['Mark as picked up', 'Cancel donation'],
      pickedUp: ['Mark as received'],
      received: [],
      cancelled: [],
    });
  });
});

describe("what an admin's change sends", () => {
  it('a status button sends its event only, and only cancelling asks first', () => {
    expect(statusChange('pickUp')).toEqual({ method: 'PUT', data: { event: 'pickUp' } });
    expect(statusChangeAsk('pickUp', { id: 'DN1' })).toBeUndefined();
    expect(statusChangeAsk('receive', { id: 'DN1' })).toBeUndefined();
    expect(statusChangeAsk('cancel', { id: 'DN1' })).toMatchObject({
      title: 'Cancel donation DN1?',
      confirm: 'Cancel donation',
      cancel: 'Keep it',
    });
    expect(statusChangeRequest('pickUp')).toEqual({ event: 'pickUp' });
    expect(statusChangeRequest('receive')).toEqual({ event: 'receive' });
    expect(statusChangeRequest('cancel')).toEqual({ event: 'cancel' });
  });

  it('a contact note sends the note, trimmed', () => {
    expect(contactNoteRequest('  Called the donor; pickup Tuesday 10am \n')).toEqual({
      contactNote: 'Called the donor; pickup Tuesday 10am',
    });
  });

  it("refuses an empty note in the contract's words, and a note over the limit", () => {
    expect(contactNoteProblem('')).toBe('Write a contact note or choose a status change');
    expect(contactNoteProblem('   ')).toBe('Write a contact note or choose a status change');
    expect(contactNoteProblem('x'.repeat(1001))).toBeDefined();
    expect(contactNoteProblem('Left a voicemail')).toBeUndefined();
  });

  it("says what happened in the rules' words", () => {
    expect(DONATION_CHANGE_DONE.pickUp).toBe(donationMessages.pickedUp);
    expect(DONATION_CHANGE_DONE.receive).toMatch(/^Marked as received/);
    expect(DONATION_CHANGE_DONE.cancel).toMatch(/^Donation cancelled/);
  });
});
