import { describe, expect, it } from 'vitest';
import { ageText, DONATION_QUEUE_SORT, DONATION_STATE_CHOICES, OVERDUE_CHOICES, pickupAddressText } from './queue';

const address = {
  id: 'A01ARZ3NDEKT',
  userId: 'U01ARZ3NDEKT',
  firstName: 'Ana',
  lastName: 'Ruiz',
  line1: '12 Elm St',
  line2: 'Apt 3',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phoneNo: '5125550100',
  primary: true,
};

describe('the donation queue', () => {
  it('filters by state as a person reads it, in the process order', () => {
    expect(DONATION_STATE_CHOICES).toEqual([
      { id: 'requested', name: 'Requested, waiting for the donor' },
      { id: 'pickupConfirmed', name: 'Pickup address confirmed' },
      { id: 'pickedUp', name: 'Picked up' },
      { id: 'received', name: 'Received by the charity' },
      { id: 'cancelled', name: 'Cancelled' },
    ]);
    expect(OVERDUE_CHOICES.map((c) => c.id)).toEqual(['true', 'false']);
  });

  it('puts the oldest request first', () => {
    expect(DONATION_QUEUE_SORT).toEqual({ field: 'createdAt', order: 'ASC' });
  });

  it('says the age in days', () => {
    expect(ageText({ ageDays: 0 })).toBe('0 days');
    expect(ageText({ ageDays: 1 })).toBe('1 day');
    expect(ageText({ ageDays: 12 })).toBe('12 days');
  });

  it('writes the pickup address on one line, or why there is none', () => {
    expect(pickupAddressText({ pickupAddress: address })).toBe(
      'Ana Ruiz, 12 Elm St, Apt 3, Austin, TX 78701 (phone 5125550100)',
    );
    expect(pickupAddressText({ pickupAddress: { ...address, line2: null } })).toBe(
      'Ana Ruiz, 12 Elm St, Austin, TX 78701 (phone 5125550100)',
    );
    expect(pickupAddressText({ pickupAddress: null })).toBe('Not confirmed by the donor yet');
  });
});
