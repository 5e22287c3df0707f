import { describe, expect, it } from 'vitest';
import { conversationTypeOf, rentalPartyLabel } from './rental-conversation-view';
import { myRentalsTabOf, readRentalsMsg, rentalsMsgPath, rentalsMyProfilePath } from './rental-paths';

describe('the rentals addresses', () => {
  it('My rentals profile: landlord and tetants (spelt so); anything else goes to landlord', () => {
    expect(myRentalsTabOf('landlord')).toBe('landlord');
    expect(myRentalsTabOf('tetants')).toBe('tetants');
    expect(myRentalsTabOf('tenants')).toBeNull();
    expect(myRentalsTabOf(null)).toBeNull();
    expect(rentalsMyProfilePath()).toBe('/rentalsmyprofile?current_tab=landlord');
    expect(rentalsMyProfilePath('tetants', 2)).toBe('/rentalsmyprofile?current_tab=tetants&page=2');
  });

  it('/rentalsmsg: buying (tenant) unless selling (landlord), an open conversation or a place to write about', () => {
    expect(readRentalsMsg('')).toEqual({ tab: 'buying' });
    expect(readRentalsMsg('?current_tab=selling&current_tab_ref=T1234567890A')).toEqual({
      tab: 'selling',
      conversationId: 'T1234567890A',
    });
    expect(readRentalsMsg('?current_tab=buying&refnum=P1234567890A')).toEqual({
      tab: 'buying',
      refnum: 'P1234567890A',
    });
    expect(readRentalsMsg('?current_tab=offers&current_tab_ref=<script>')).toEqual({ tab: 'buying' });
    const path = rentalsMsgPath({ tab: 'selling', conversationId: 'T1234567890A' });
    expect(path).toBe('/rentalsmsg?current_tab=selling&current_tab_ref=T1234567890A');
    expect(readRentalsMsg(path.slice('/rentalsmsg'.length))).toEqual({
      tab: 'selling',
      conversationId: 'T1234567890A',
    });
  });

  it('tenants map to buying and the api type buy; the landlord to selling and sell', () => {
    expect(conversationTypeOf('buying')).toBe('buy');
    expect(conversationTypeOf('selling')).toBe('sell');
    expect(rentalPartyLabel({ role: 'buying', otherParty: { name: 'Lena' } })).toBe('Landlord Lena');
    expect(rentalPartyLabel({ role: 'selling', otherParty: { name: 'Tess' } })).toBe('Tenant Tess');
  });
});
