import type { CategoryNode, ListingDetail, ListingForm } from '@yardly/shared/contract';
import { LISTING_RULE_FIELDS, listingFormSchema } from '@yardly/shared/contract';
import {
  CONDITION_LABELS,
  type ConditionCode,
  centsToDollars,
  dollarsToCents,
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

const CODE_BY_LABEL = new Map(Object.entries(CONDITION_LABELS).map(([code, label]) => [label.toLowerCase(), code]));

/** The form filled from a listing being edited. */
export function valuesFromListing(listing: ListingDetail): FormValues {
  return {
    listingTitle: listing.listingTitle,
    listingDescription: listing.description,
    topCategory: listing.categoryRefnum,
    categoryRefnum: listing.subCategoryRefnum ?? '',
    condition: (CODE_BY_LABEL.get(listing.condition.toLowerCase()) as ConditionCode | undefined) ?? '',
    properties: listing.properties,
    price: String(centsToDollars(listing.listingCurrentPrice)),
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

export function priceCents(values: FormValues): number | null {
  const dollars = toNumber(values.price);
  return Number.isFinite(dollars) && dollars >= 0 ? dollarsToCents(dollars) : null;
}

/** The request the form sends. */
export function toRequest(values: FormValues, draftRefnum: string, draft: boolean): ListingForm {
  return {
    inputSourceRandomRefnum: draftRefnum,
    listingTitle: values.listingTitle,
    listingDescription: values.listingDescription,
    categoryRefnum: values.categoryRefnum,
    condition: values.condition as ConditionCode,
    properties: values.properties,
    listingPrice: toNumber(values.price),
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

/** The categories' titles for a subcategory refnum. */
export function categoryTitles(tree: CategoryNode[], top: string, sub: string) {
  const topNode = tree.find((c) => c.categoryRefnum === top);
  const subNode = topNode?.subCategories.find((c) => c.categoryRefnum === sub);
  return { categoryTitle: topNode?.categoryTitle ?? null, subCategoryTitle: subNode?.categoryTitle ?? null };
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
    ...categoryTitles(tree, values.topCategory, values.categoryRefnum),
    condition: values.condition,
    shippable: values.shippable,
    meetToDeliver: values.meetToDeliver,
    sellerHasVerifiedWorkEmail,
  }).map((v) => ({ field: LISTING_RULE_FIELDS[v.field], message: v.message }));
}
