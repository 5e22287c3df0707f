import { type RentalDetail, type RentalForm, rentalFormSchema } from '@yardly/shared/contract';
import { centsToDollarInput, dollarInputToCents, type FairHousingFlag, fairHousingFlags } from '@yardly/shared/rules';

/** The rental form as its inputs hold it: text for numbers (dollars for money), booleans for the checks. */
export interface RentalFormValues {
  title: string;
  description: string;
  propertyType: string;
  bedrooms: string;
  bathrooms: string;
  squareFeet: string;
  /** Dollars a month. */
  rent: string;
  /** Dollars. */
  deposit: string;
  availableFrom: string;
  leaseMonths: string;
  cats: boolean;
  dogs: boolean;
  parking: string;
  laundry: string;
  furnished: boolean;
  utilitiesIncluded: boolean;
  line1: string;
  city: string;
  state: string;
  zip: string;
  showStreet: boolean;
}

export type RentalFieldErrors = Partial<Record<keyof RentalForm | 'rent', string>>;

export function emptyRentalValues(zip = ''): RentalFormValues {
  return {
    title: '',
    description: '',
    propertyType: '',
    bedrooms: '',
    bathrooms: '',
    squareFeet: '',
    rent: '',
    deposit: '',
    availableFrom: '',
    leaseMonths: '',
    cats: false,
    dogs: false,
    parking: '',
    laundry: '',
    furnished: false,
    utilitiesIncluded: false,
    line1: '',
    city: '',
    state: '',
    zip,
    showStreet: true,
  };
}

/** The form filled from a listing, to edit it (the landlord's own answer carries the street line). */
export function valuesFromRental(rental: RentalDetail): RentalFormValues {
  return {
    title: rental.title,
    description: rental.description,
    propertyType: rental.propertyType,
    bedrooms: String(rental.bedrooms),
    bathrooms: String(rental.bathrooms),
    squareFeet: rental.squareFeet === null ? '' : String(rental.squareFeet),
    rent: centsToDollarInput(rental.expectedRent),
    deposit: rental.deposit > 0 ? centsToDollarInput(rental.deposit) : '',
    availableFrom: rental.availableFrom,
    leaseMonths: String(rental.leaseMonths),
    cats: rental.cats,
    dogs: rental.dogs,
    parking: rental.parking,
    laundry: rental.laundry,
    furnished: rental.furnished,
    utilitiesIncluded: rental.utilitiesIncluded,
    line1: rental.line1 ?? '',
    city: rental.city,
    state: rental.state,
    zip: rental.zip,
    showStreet: rental.showStreet,
  };
}

/** A number typed in a box: blank is `undefined`; anything not a number is NaN, which the schema refuses with its message. */
function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

function centsOf(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  return dollarInputToCents(text) ?? Number.NaN;
}

/** The `POST /rental/listings/create` body for the form. */
export function toRentalRequest(
  values: RentalFormValues,
  context: { draftRefnum: string; draft: boolean; refnum?: string | null },
): RentalForm {
  return {
    ...(context.refnum ? { refnum: context.refnum } : {}),
    inputSourceRandomRefnum: context.draftRefnum,
    title: values.title,
    description: values.description,
    propertyType: values.propertyType,
    bedrooms: numberOf(values.bedrooms) as number,
    bathrooms: numberOf(values.bathrooms) as number,
    squareFeet: numberOf(values.squareFeet) ?? null,
    expectedRent: centsOf(values.rent) as number,
    deposit: centsOf(values.deposit) ?? 0,
    availableFrom: values.availableFrom,
    leaseMonths: numberOf(values.leaseMonths) as number,
    cats: values.cats,
    dogs: values.dogs,
    parking: values.parking,
    laundry: values.laundry,
    furnished: values.furnished,
    utilitiesIncluded: values.utilitiesIncluded,
    line1: values.line1,
    city: values.city,
    state: values.state,
    zip: values.zip,
    showStreet: values.showStreet,
    draft: context.draft,
  };
}

/** The form field an api or schema field is shown at (the rent box is `rent`). */
export function formFieldOf(field: string): keyof RentalFieldErrors {
  const name = field.replace(/^body\./, '').split('.')[0] ?? field;
  return (name === 'expectedRent' ? 'rent' : name) as keyof RentalFieldErrors;
}

/** The shared schema's messages at their fields, the first per field; empty when the form may be sent. */
export function validateRental(
  values: RentalFormValues,
  context: { draftRefnum: string; draft: boolean; refnum?: string | null },
): RentalFieldErrors {
  const parsed = rentalFormSchema.safeParse(toRentalRequest(values, context));
  if (parsed.success) return {};
  const errors: RentalFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(String(issue.path[0] ?? ''));
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The fair-housing phrases in the title and description, in order. */
export function fairHousingIssues(values: Pick<RentalFormValues, 'title' | 'description'>): {
  field: 'title' | 'description';
  flags: FairHousingFlag[];
}[] {
  return (['title', 'description'] as const)
    .map((field) => ({ field, flags: fairHousingFlags(values[field]) }))
    .filter((issue) => issue.flags.length > 0);
}

/** `text` cut into plain and flagged pieces, so the flagged phrases can be highlighted. */
export function highlightSegments(
  text: string,
  flags: readonly FairHousingFlag[],
): { text: string; flagged: boolean }[] {
  const segments: { text: string; flagged: boolean }[] = [];
  let at = 0;
  for (const flag of [...flags].sort((a, b) => a.index - b.index)) {
    if (flag.index < at) continue; // overlapping phrases: the first one found is marked
    if (flag.index > at) segments.push({ text: text.slice(at, flag.index), flagged: false });
    segments.push({ text: text.slice(flag.index, flag.index + flag.phrase.length), flagged: true });
    at = flag.index + flag.phrase.length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), flagged: false });
  return segments;
}
