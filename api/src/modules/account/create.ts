import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import type { ReadDb } from '../../http/read-routing';
import type { FileStore } from '../files/file-store';
import { preferenceStore } from '../mail/preferences';
import type { PaymentProvider } from '../payments/provider';
import { accountNumberCipher, bankAccountService } from '../payouts/bank-account';
import { addressService } from './addresses';
import { pictureService } from './picture';
import { profileService } from './profiles';

/** The account parts, put together once per app. */
export function createAccount(deps: {
  db: Db;
  readDb: ReadDb;
  clock: Clock;
  files: FileStore;
  secret: Uint8Array;
  payments: PaymentProvider;
}) {
  const { db } = deps;
  return {
    profiles: profileService(db, deps.clock),
    /** Public profiles tolerate a little lag: read from a replica, if any (docs/decisions/0060). */
    publicProfiles: (request: FastifyRequest) => profileService(deps.readDb(request), deps.clock),
    pictures: pictureService(db, deps.files),
    addresses: addressService(db),
    preferences: preferenceStore(db),
    bankAccounts: bankAccountService(db, accountNumberCipher(deps.secret), deps.payments),
  };
}
