import type { RentalCard, RentalDetail, RentalProperties } from '@yardly/shared/contract';
import {
  bathroomsLabel,
  bedroomsLabel,
  DEFAULT_RENTAL_PROPERTIES,
  formatCents,
  formatDate,
  type RentalPropertyKind,
  rentalProcess,
  stateBadge,
} from '@yardly/shared/rules';

/** A monthly rent as a person reads it: '$1,850 / month' (cents only when there are some). */
export function rentLabel(cents: number): string {
  return `${moneyLabel(cents)} / month`;
}

/** An amount without '.00' when it is whole dollars: '$1,850', '$1,850.50'. */
export function moneyLabel(cents: number): string {
  const text = formatCents(cents);
  return cents % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

/** The ribbon on a rental card: 'Rented' for a place off the market; its landlord sees its own state. */
export function rentalBadge(card: Pick<RentalCard, 'available' | 'state'>, isLandlord: boolean): string | null {
  if (isLandlord) return card.state === 'available' ? null : stateBadge(rentalProcess, card.state);
  return card.available ? null : 'Rented';
}

/** Beds and baths in one line: 'Studio · 1 bath', '2 beds · 1.5 baths'. */
export function bedsAndBaths(card: Pick<RentalCard, 'bedrooms' | 'bathrooms'>): string {
  return `${bedroomsLabel(card.bedrooms)} · ${bathroomsLabel(card.bathrooms)}`;
}

/** Pets as a listing allows them. */
export function petsLabel(cats: boolean, dogs: boolean): string {
  if (cats && dogs) return 'Cats and dogs allowed';
  if (cats) return 'Cats allowed';
  if (dogs) return 'Dogs allowed';
  return 'No pets';
}

/** An attribute's label from the console's lists (`GET /rental/properties`), else the shipped ones, else the value. */
export function optionLabel(properties: RentalProperties | null, kind: RentalPropertyKind, value: string): string {
  const list = properties?.[kind] ?? DEFAULT_RENTAL_PROPERTIES[kind];
  return (
    list.find((option) => option.value === value)?.label ??
    DEFAULT_RENTAL_PROPERTIES[kind].find((option) => option.value === value)?.label ??
    value
  );
}

/** The lease: its label in the list ('12 months', 'Month to month'), else 'N months'. */
export function leaseLabel(properties: RentalProperties | null, months: number): string {
  const label = optionLabel(properties, 'leaseMonths', String(months));
  if (label !== String(months)) return label;
  return months === 1 ? 'Month to month' : `${months} months`;
}

/** When the place is free: 'Now' from that day on, else the day ('1 Mar 2027'). `today` is YYYY-MM-DD. */
export function availableFromLabel(availableFrom: string, today: string): string {
  return availableFrom <= today ? 'Now' : formatDate(`${availableFrom}T12:00:00Z`);
}

/** Where it is, as text: 'Austin, TX 78701', with the street first only when the landlord shows it. */
export function rentalPlace(detail: Pick<RentalDetail, 'line1' | 'city' | 'state' | 'zip' | 'showStreet'>): string {
  const area = `${detail.city}, ${detail.state} ${detail.zip}`;
  return detail.showStreet && detail.line1 ? `${detail.line1}, ${area}` : area;
}

export interface RentalFact {
  term: string;
  value: string;
}

/** The facts table of a rental's page, in the order a renter reads them. */
export function rentalFacts(detail: RentalDetail, properties: RentalProperties | null, today: string): RentalFact[] {
  const facts: RentalFact[] = [
    { term: 'Rent', value: rentLabel(detail.expectedRent) },
    { term: 'Deposit', value: detail.deposit > 0 ? moneyLabel(detail.deposit) : 'None' },
    { term: 'Property type', value: optionLabel(properties, 'propertyType', detail.propertyType) },
    { term: 'Bedrooms', value: detail.bedrooms === 0 ? 'Studio' : String(detail.bedrooms) },
    { term: 'Bathrooms', value: String(detail.bathrooms) },
  ];
  if (detail.squareFeet !== null) {
    facts.push({ term: 'Size', value: `${detail.squareFeet.toLocaleString('en-US')} sq ft` });
  }
  facts.push(
    { term: 'Available from', value: availableFromLabel(detail.availableFrom, today) },
    { term: 'Lease', value: leaseLabel(properties, detail.leaseMonths) },
    { term: 'Pets', value: petsLabel(detail.cats, detail.dogs) },
    { term: 'Parking', value: optionLabel(properties, 'parking', detail.parking) },
    { term: 'Laundry', value: optionLabel(properties, 'laundry', detail.laundry) },
    { term: 'Furnished', value: detail.furnished ? 'Yes' : 'No' },
    { term: 'Utilities included', value: detail.utilitiesIncluded ? 'Yes' : 'No' },
  );
  return facts;
}

/** Today as YYYY-MM-DD in UTC (the day the api's dates are written in). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
