import type { FieldError } from '@yardly/shared/contract';
import { LISTING_RULE_FIELDS, type listingFormSchema } from '@yardly/shared/contract';
import { listingRuleMessages, listingRuleViolations, listingStatusOf } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/connect';
import { newRefnum } from '../../db/refnum';
import { categories, listings, zipCodes } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { Caller } from '../../http/caller';
import { findCategory, propertiesFor } from '../categories/service';
import { deleteFilesUnlessShown, formFieldErrors, ownDraft, saveDraftTo } from '../drafts/forms';
import type { FileStore } from '../files/file-store';
import { assertMaySell, ownListing } from './access';
import { listingForm } from './drafts';
import { assertEditable } from './edit-lock';
import { assertMayListIn, marketplaceToListIn } from './marketplace';
import { takeListingEvent } from './process';

type Form = z.output<typeof listingFormSchema>;

/** The subcategory a refnum names, or null when there is none (any other failure propagates). */
async function subCategoryOrNull(db: Db, refnum: string) {
  try {
    return await findCategory(db, refnum);
  } catch (error) {
    if (error instanceof AppError && error.code === 404) return null;
    throw error;
  }
}

/** The category pair a subcategory refnum names; a top-level category is not enough. */
async function categoryPair(db: Db, refnum: string) {
  const sub = await subCategoryOrNull(db, refnum);
  if (!sub?.parentId)
    throw formFieldErrors([{ field: 'categoryRefnum', message: listingRuleMessages.categoryRequired }]);
  const [top] = await db
    .select({
      id: categories.id,
      donationAllowed: categories.donationAllowed,
      restrictedElectronics: categories.restrictedElectronics,
    })
    .from(categories)
    .where(eq(categories.id, sub.parentId));
  if (!top) throw formFieldErrors([{ field: 'categoryRefnum', message: listingRuleMessages.categoryRequired }]);
  return { top, sub };
}

/** Everything the database must confirm: category, zip, offered properties, and (to publish) the rules. */
async function checkForm(db: Db, caller: Caller, form: Form) {
  const { top, sub } = await categoryPair(db, form.categoryRefnum);
  const errors: FieldError[] = [];
  const [zip] = await db.select({ zip: zipCodes.zip }).from(zipCodes).where(eq(zipCodes.zip, form.zip));
  if (!zip) errors.push({ field: 'zip', message: listingRuleMessages.invalidZip });

  const offered = new Map((await propertiesFor(db, sub.refnum)).map((p) => [p.key, p.values]));
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(form.properties)) {
    if (key === 'condition' || value === '') continue;
    const values = offered.get(key);
    if (!values || (values.length > 0 && !values.includes(value))) {
      errors.push({ field: `properties.${key}`, message: `Choose one of the offered values for ${key}` });
    } else {
      properties[key] = value;
    }
  }

  const priceCents = form.listingPrice;
  if (!form.draft) {
    const violations = listingRuleViolations({
      weightLbs: form.weightLbs,
      priceCents,
      isDonation: form.donation,
      // A flag on the category covers its subcategories; the console sets either.
      donationAllowed: top.donationAllowed || sub.donationAllowed,
      restrictedElectronics: top.restrictedElectronics || sub.restrictedElectronics,
      condition: form.condition,
      shippable: form.shippable,
      meetToDeliver: form.meetToDeliver,
      sellerHasVerifiedWorkEmail: caller.isProfessionVerified && caller.companyStatus === 'VERIFIED',
    });
    errors.push(...violations.map((v) => ({ field: LISTING_RULE_FIELDS[v.field], message: v.message })));
  }
  if (errors.length > 0) throw formFieldErrors(errors);
  return { topId: top.id, subId: sub.id, properties, priceCents };
}

/**
 * Create a listing from its form, or save the listing the form was opened for. `draft` saves
 * without publishing; publishing checks every marketplace rule first and starts the listing's
 * lifetime. The form's photos become the listing's.
 */
export async function saveListing(db: Db, files: FileStore, caller: Caller, form: Form, now: Date) {
  // An organisation's marketplace is its members' (its own refusal, whatever else the caller's standing).
  const organizationId = await marketplaceToListIn(db, caller, form.orgRefnum);
  assertMaySell(caller);
  // Whose draft it is comes before what its form says: another's draft is a 403/404, never a 400.
  await ownDraft(db, listingForm, caller, form.inputSourceRandomRefnum);
  const checked = await checkForm(db, caller, form);
  const { saved, replaced } = await db.transaction(async (tx) => {
    const draft = await ownDraft(tx, listingForm, caller, form.inputSourceRandomRefnum, true);
    const values = {
      categoryId: checked.topId,
      subCategoryId: checked.subId,
      title: form.listingTitle,
      description: form.listingDescription,
      condition: form.condition,
      properties: checked.properties,
      priceCents: checked.priceCents,
      isDonation: form.donation,
      weightLbs: form.weightLbs,
      shippable: form.shippable,
      meetToDeliver: form.meetToDeliver,
      offerFreeDelivery: form.offerFreeDelivery,
      buyNow: form.buyNow,
      zip: form.zip,
      updatedAt: now,
    };
    let listing: typeof listings.$inferSelect | undefined;
    if (draft.subjectId) {
      const [current] = await tx
        .select({ refnum: listings.refnum })
        .from(listings)
        .where(eq(listings.id, draft.subjectId));
      const existing = await ownListing(tx, caller, current?.refnum ?? '', true);
      await assertEditable(tx, existing);
      await assertMayListIn(tx, caller, existing.organizationId);
      [listing] = await tx.update(listings).set(values).where(eq(listings.id, existing.id)).returning();
    } else {
      // Every listing starts as a draft; publishing is the process's first event.
      [listing] = await tx
        .insert(listings)
        .values({ ...values, refnum: newRefnum('listing'), sellerId: caller.userId, state: 'draft', organizationId })
        .returning();
    }
    if (!listing) throw new Error('listing not saved');
    const state =
      listing.state === 'draft' && !form.draft
        ? (await takeListingEvent(tx, listing, 'publish', { userId: caller.userId, role: 'seller' }, now)).to
        : listing.state;
    const replaced = await saveDraftTo(tx, listingForm, draft.id, listing.id);
    return { saved: { listingRefnum: listing.refnum, listingStatus: listingStatusOf(state) }, replaced };
  });
  await deleteFilesUnlessShown(db, listingForm, files, replaced);
  return saved;
}
