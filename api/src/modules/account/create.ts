import type { Db } from '../../db/connect';
import type { FileStore } from '../files/file-store';
import type { Mailer } from '../mail/mailer';
import { optionalMailer } from '../mail/optional-mail';
import { addressService } from './addresses';
import { accountNumberCipher, bankAccountService } from './bank-account';
import { pictureService } from './picture';
import { preferenceStore } from './preferences';
import { profileService } from './profiles';
import type { AccountServices } from './routes';

/** The account parts, and the mailer that honours communication preferences for other modules. */
export function createAccount(deps: {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  secret: Uint8Array;
  publicUrl: string;
}): AccountServices & { optionalMail: ReturnType<typeof optionalMailer> } {
  const { db } = deps;
  const preferences = preferenceStore(db);
  return {
    profiles: profileService(db),
    pictures: pictureService(db, deps.files),
    addresses: addressService(db),
    preferences,
    bankAccounts: bankAccountService(db, accountNumberCipher(deps.secret)),
    optionalMail: optionalMailer({ mailer: deps.mailer, preferences, publicUrl: deps.publicUrl }),
  };
}
