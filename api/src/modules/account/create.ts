import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import type { FileStore } from '../files/file-store';
import type { PaymentProvider } from '../payments/provider';
import { addressService } from './addresses';
import { accountNumberCipher, bankAccountService } from './bank-account';
import { pictureService } from './picture';
import { preferenceStore } from './preferences';
import { profileService } from './profiles';

/** The account parts, put together once per app. */
export function createAccount(deps: {
  db: Db;
  clock: Clock;
  files: FileStore;
  secret: Uint8Array;
  payments: PaymentProvider;
}) {
  const { db } = deps;
  return {
    profiles: profileService(db, deps.clock),
    pictures: pictureService(db, deps.files),
    addresses: addressService(db),
    preferences: preferenceStore(db),
    bankAccounts: bankAccountService(db, accountNumberCipher(deps.secret), deps.payments),
  };
}
