import type { RentalConversation } from '@yardly/shared/contract';

/** The other party as a rental conversation names them: 'Landlord Ann' to the tenant, 'Tenant Bo' to the landlord. */
export function rentalPartyLabel(
  conversation: Pick<RentalConversation, 'role'> & {
    otherParty: Pick<RentalConversation['otherParty'], 'name'>;
  },
): string {
  return `${conversation.role === 'buying' ? 'Landlord' : 'Tenant'} ${conversation.otherParty.name}`;
}

/** The api's conversation `type` for a rentals messages tab: tenants are `buy`, the landlord `sell`. */
export function conversationTypeOf(tab: 'buying' | 'selling'): 'buy' | 'sell' {
  return tab === 'buying' ? 'buy' : 'sell';
}
