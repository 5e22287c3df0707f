import type { RentalEvent, RentalState } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import type { Caller } from '../../http/caller';
import { deleteFilesUnlessShown, releasePhotosOf } from '../drafts/forms';
import type { FileStore } from '../files/file-store';
import { landlordActor, ownRental, type RentalRow } from './access';
import { rentalForm } from './drafts';
import { takeRentalEvent } from './process';

/**
 * One landlord action on one rental: the row is locked (two presses at once: the second waits,
 * then finds the state moved and gets the process's 409), and the process table allows or
 * refuses the event `choose` names.
 */
async function act(
  db: Db,
  caller: Caller,
  refnum: string,
  choose: (rental: RentalRow) => RentalEvent,
  now: Date,
  /** More the event writes, in its transaction. */
  also?: (tx: Db, rentalId: number) => Promise<void>,
): Promise<{ refnum: string; state: RentalState; available: boolean }> {
  return db.transaction(async (tx) => {
    const rental = await ownRental(tx, caller, refnum, true);
    const done = await takeRentalEvent(tx, rental, choose(rental), landlordActor(caller), now);
    await also?.(tx, rental.id);
    return { refnum: rental.refnum, state: done.to, available: done.to === 'available' };
  });
}

/** Rented (`available: false`) or on the market again (`true`). */
export function setRentalAvailable(db: Db, caller: Caller, body: { refnum: string; available: boolean }, now: Date) {
  return act(db, caller, body.refnum, () => (body.available ? 'markAvailable' : 'markRented'), now);
}

/**
 * The landlord deletes it: nobody sees it any more, the landlord's list neither. Its photos go
 * with it (their files once the delete is in).
 */
export async function deleteRental(db: Db, files: FileStore, caller: Caller, refnum: string, now: Date) {
  let released: string[] = [];
  const { state } = await act(
    db,
    caller,
    refnum,
    () => 'delete',
    now,
    async (tx, rentalId) => {
      released = await releasePhotosOf(tx, rentalForm, rentalId);
    },
  );
  await deleteFilesUnlessShown(db, rentalForm, files, released);
  return { refnum, state };
}

/** On the market anew, first among the newest. */
export function relistRental(db: Db, caller: Caller, refnum: string, now: Date) {
  return act(db, caller, refnum, () => 'relist', now);
}

/** Off the market for now (hidden from search), or back on it: the spec's toggle active. */
export function toggleRentalActive(db: Db, caller: Caller, refnum: string, now: Date) {
  return act(db, caller, refnum, (rental) => (rental.state === 'paused' ? 'activate' : 'deactivate'), now);
}
