import type { CategoryNode, ListingDetail, ListingForm } from '@yardly/shared/contract';
import { LISTING_RULE_FIELDS, listingFormSchema } from '@yardly/shared/contract';
import {
  type ConditionCode,
  centsToDollarInput,
  dollarInputToCents,
  listingRuleViolations,
} from '@yardly/shared/rules';

/** What the inputs hold: text as typed, so a half-typed price is not lost. */
export interface FormValues {
  listingTitle: string;
  listingDescription: string;
  topCategory: string;
  categoryRefnum: string;
  condition: ConditionCode | '';
  properties: Record<string, string>;
  price: string;
  weight: string;
  shippable: boolean;
  meetToDeliver: boolean;
  offerFreeDelivery: boolean;
  buyNow: boolean;
  zip: string;
  donation: boolean;
}

export type FieldErrors = Partial<Record<string, string>>;

export function emptyValues(zip = ''): FormValues {
  return {
    listingTitle: '',
    listingDescription: '',
    topCategory: '',
    categoryRefnum: '',
    condition: '',
    properties: {},
    price: '',
    weight: '',
    shippable: true,
    meetToDeliver: true,
    offerFreeDelivery: false,
    buyNow: true,
    zip,
    donation: false,
  };
}

/** The form filled from a listing being edited. */
export function valuesFromListing(listing: ListingDetail): FormValues {
  return {
    listingTitle: listing.listingTitle,
    listingDescription: listing.description,
    topCategory: listing.categoryRefnum,
    categoryRefnum: listing.subCategoryRefnum ?? '',
    condition: listing.conditionCode,
    properties: listing.properties,
    price: centsToDollarInput(listing.listingCurrentPrice),
    weight: String(listing.weightLbs),
    shippable: listing.shippable,
    meetToDeliver: listing.meetToDeliver,
    offerFreeDelivery: listing.offerFreeDelivery,
    buyNow: listing.buyNow,
    zip: listing.zip,
    donation: listing.isDonation,
  };
}

function toNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The typed price in cents; null while it is not a price (the form says why). */
export function priceCents(values: FormValues): number | null {
  return dollarInputToCents(values.price);
}

/** The request the form sends; in an organisation's marketplace with its orgRefnum. */
export function toRequest(
  values: FormValues,
  draftRefnum: string,
  draft: boolean,
  orgRefnum: string | null = null,
): ListingForm {
  return {
    ...(orgRefnum ? { orgRefnum } : {}),
    inputSourceRandomRefnum: draftRefnum,
    listingTitle: values.listingTitle,
    listingDescription: values.listingDescription,
    categoryRefnum: values.categoryRefnum,
    condition: values.condition as ConditionCode,
    properties: values.properties,
    // Not a price yet: NaN fails the schema with the price's own message.
    listingPrice: priceCents(values) ?? Number.NaN,
    weightLbs: toNumber(values.weight),
    shippable: values.shippable,
    meetToDeliver: values.meetToDeliver,
    offerFreeDelivery: values.shippable && values.offerFreeDelivery,
    buyNow: values.buyNow,
    zip: values.zip.trim(),
    donation: values.donation,
    draft,
  };
}

/**
 * The flags the marketplace rules read for the chosen category and subcategory: a flag on the
 * category covers its subcategories, as the api reads them.
 */
export function categoryFlags(tree: CategoryNode[], top: string, sub: string) {
  const topNode = tree.find((c) => c.categoryRefnum === top);
  const subNode = topNode?.subCategories.find((c) => c.categoryRefnum === sub);
  return {
    donationAllowed: Boolean(topNode?.donationAllowed || subNode?.donationAllowed),
    restrictedElectronics: Boolean(topNode?.restrictedElectronics || subNode?.restrictedElectronics),
  };
}

/**
 * The same checks the api makes: the shared form schema, then (to publish) the marketplace
 * rules, keyed by the form field they concern.
 */
export function validate(
  values: FormValues,
  context: { draftRefnum: string; draft: boolean; tree: CategoryNode[]; sellerHasVerifiedWorkEmail: boolean },
): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = listingFormSchema.safeParse(toRequest(values, context.draftRefnum, context.draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      errors[field] ??= issue.message;
    }
  }
  if (!context.draft) {
    for (const violation of ruleViolations(values, context.tree, context.sellerHasVerifiedWorkEmail)) {
      errors[violation.field] ??= violation.message;
    }
  }
  return errors;
}

/** The marketplace rules the form breaks now (shown before submitting), at their form fields. */
export function ruleViolations(values: FormValues, tree: CategoryNode[], sellerHasVerifiedWorkEmail: boolean) {
  const cents = priceCents(values);
  const weight = toNumber(values.weight);
  return listingRuleViolations({
    weightLbs: Number.isFinite(weight) ? weight : null,
    priceCents: cents ?? -1,
    isDonation: values.donation,
    ...categoryFlags(tree, values.topCategory, values.categoryRefnum),
    condition: values.condition,
    shippable: values.shippable,
    meetToDeliver: values.meetToDeliver,
    sellerHasVerifiedWorkEmail,
  }).map((v) => ({ field: LISTING_RULE_FIELDS[v.field], message: v.message }));
}
