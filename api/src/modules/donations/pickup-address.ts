import type { SavedAddress } from '@yardly/shared/contract';
import { donationMessages, MAX_PICKUP_ADDRESSES } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { type AddressInput, addressService } from '../account/addresses';

/**
 * The donation page's 'Add pickup address' (`POST /svc/donations/pickupAddress`): saved among the
 * caller's addresses as the account's address form saves it, refused (409) once they have four.
 */
export function addPickupAddress(db: Db, caller: Caller, input: AddressInput): Promise<SavedAddress> {
  return addressService(db).save(caller.userId, input, {
    limit: {
      max: MAX_PICKUP_ADDRESSES,
      refusal: () => AppError.conflict(donationMessages.tooManyPickupAddresses, 'too_many_pickup_addresses'),
    },
  });
}
