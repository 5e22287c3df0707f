import type { rentalFormSchema } from '@yardly/shared/contract';
import { locationMessages } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { rentals, zipCodes } from '../../db/schema/index';
import type { Caller } from '../../http/caller';
import { deleteFilesUnlessShown, formFieldErrors, ownDraft, saveDraftTo } from '../drafts/forms';
import type { FileStore } from '../files/file-store';
import { landlordActor, ownRental } from './access';
import { assertRentalEditable, rentalForm } from './drafts';
import { takeRentalEvent } from './process';
import { attributeErrors } from './properties';

type Form = z.output<typeof rentalFormSchema>;

/** What only the database can tell: the attributes are on the console's lists and the zip is a real one. */
async function checkForm(db: Db, form: Form): Promise<void> {
  const errors = await attributeErrors(db, {
    propertyType: form.propertyType,
    parking: form.parking,
    laundry: form.laundry,
    leaseMonths: String(form.leaseMonths),
  });
  const [zip] = await db.select({ zip: zipCodes.zip }).from(zipCodes).where(eq(zipCodes.zip, form.zip));
  if (!zip) errors.push({ field: 'zip', message: locationMessages.fetchError });
  if (errors.length > 0) throw formFieldErrors(errors);
}

function columnsOf(form: Form, now: Date) {
  return {
    title: form.title,
    description: form.description,
    propertyType: form.propertyType,
    bedrooms: form.bedrooms,
    bathrooms: form.bathrooms,
    squareFeet: form.squareFeet,
    rentCents: form.expectedRent,
    depositCents: form.deposit,
    availableFrom: form.availableFrom,
    leaseMonths: form.leaseMonths,
    cats: form.cats,
    dogs: form.dogs,
    parking: form.parking,
    laundry: form.laundry,
    furnished: form.furnished,
    utilitiesIncluded: form.utilitiesIncluded,
    line1: form.line1,
    city: form.city,
    region: form.state,
    zip: form.zip,
    showStreet: form.showStreet,
    updatedAt: now,
  };
}

/**
 * Create a rental from its form, or (with `refnum`, or a form opened for a listing) save the
 * caller's own listing. `draft` saves without publishing; otherwise a draft is published through
 * the rental process. The listing's photos become exactly the form's.
 */
export async function saveRental(db: Db, files: FileStore, caller: Caller, form: Form, now: Date) {
  await checkForm(db, form);
  const { saved, replaced } = await db.transaction(async (tx) => {
    const draft = await ownDraft(tx, rentalForm, caller, form.inputSourceRandomRefnum, true);
    const target = await editedRental(tx, caller, form.refnum, draft.subjectId);
    const values = columnsOf(form, now);
    const [row] = target
      ? await tx.update(rentals).set(values).where(eq(rentals.id, target.id)).returning()
      : // Every rental starts as a draft; publishing is the process's first event.
        await tx
          .insert(rentals)
          .values({
            ...values,
            refnum: newRefnum('rental'),
            landlordId: caller.userId,
            state: 'draft',
            createdAt: now,
          })
          .returning();
    if (!row) throw new Error('rental not saved');
    const state =
      row.state === 'draft' && !form.draft
        ? (await takeRentalEvent(tx, row, 'publish', landlordActor(caller), now)).to
        : row.state;
    const replaced = await saveDraftTo(tx, rentalForm, draft.id, row.id);
    return { saved: { refnum: row.refnum, state }, replaced };
  });
  await deleteFilesUnlessShown(db, rentalForm, files, replaced);
  return saved;
}

/** The listing this save edits, locked: the form's `refnum`, else the one the form was opened for. */
async function editedRental(tx: Db, caller: Caller, refnum: string | undefined, openedFor: number | null) {
  const [opened] = openedFor
    ? await tx.select({ refnum: rentals.refnum }).from(rentals).where(eq(rentals.id, openedFor))
    : [];
  if (refnum && opened && opened.refnum !== refnum) {
    throw formFieldErrors([{ field: 'refnum', message: 'This form was opened for another listing, please reload it' }]);
  }
  const wanted = refnum ?? opened?.refnum;
  if (!wanted) return undefined;
  const rental = await ownRental(tx, caller, wanted, true);
  assertRentalEditable(rental);
  return rental;
}
