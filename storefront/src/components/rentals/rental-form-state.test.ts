import { fairHousingWarning, rentalMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import {
  emptyRentalValues,
  fairHousingIssues,
  formFieldOf,
  highlightSegments,
  type RentalFormValues,
  toRentalRequest,
  validateRental,
} from './rental-form-state';

const filled: RentalFormValues = {
  ...emptyRentalValues('78701'),
  title: 'Sunny two-bedroom near the park',
  description: 'Light, quiet, close to the bus.',
  propertyType: 'apartment',
  bedrooms: '2',
  bathrooms: '1.5',
  squareFeet: '',
  rent: '1850',
  deposit: '',
  availableFrom: '2027-03-01',
  leaseMonths: '12',
  parking: 'street',
  laundry: 'in_unit',
  line1: '12 Oak St',
  city: 'Austin',
  state: 'TX',
  showStreet: false,
};
const context = { draftRefnum: 'Q1234567890A', draft: false };

describe('the rental form', () => {
  it('sends rent and deposit in cents, numbers as numbers, the street choice as made', () => {
    const body = toRentalRequest({ ...filled, deposit: '925.50' }, context);
    expect(body).toMatchObject({
      inputSourceRandomRefnum: 'Q1234567890A',
      expectedRent: 185000,
      deposit: 92550,
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: null,
      leaseMonths: 12,
      showStreet: false,
      draft: false,
    });
    expect(body).not.toHaveProperty('refnum');
    expect(toRentalRequest(filled, { ...context, refnum: 'P1' }).refnum).toBe('P1');
  });

  it('a filled form has no errors', () => {
    expect(validateRental(filled, context)).toEqual({});
  });

  it("shows the shared schema's messages at their fields (rent at the rent box)", () => {
    const errors = validateRental(
      { ...filled, title: ' ', bedrooms: 'two', bathrooms: '1.25', rent: '', availableFrom: '2027-02-30', zip: '7870' },
      context,
    );
    expect(errors.title).toBe(rentalMessages.titleRequired);
    expect(errors.bedrooms).toBe(rentalMessages.bedroomsInvalid);
    expect(errors.bathrooms).toBe(rentalMessages.bathroomsInvalid);
    expect(errors.rent).toBe(rentalMessages.rentInvalid);
    expect(errors.availableFrom).toBe(rentalMessages.availableFromInvalid);
    expect(errors.zip).toBeTruthy();
    expect(errors.description).toBeUndefined();
  });

  it('the api’s field names land at the same boxes', () => {
    expect(formFieldOf('expectedRent')).toBe('rent');
    expect(formFieldOf('body.bedrooms')).toBe('bedrooms');
  });
});

describe('the fair-housing warning', () => {
  it('finds the phrases in the title and the description', () => {
    const issues = fairHousingIssues({ title: 'Adults only flat', description: 'Quiet. No kids, no smoking.' });
    expect(issues.map((i) => [i.field, i.flags.map((f) => f.phrase)])).toEqual([
      ['title', ['Adults only']],
      ['description', ['No kids']],
    ]);
    expect(fairHousingIssues(filled)).toEqual([]);
    expect(fairHousingWarning).toMatch(/highlighted/);
  });

  it('cuts the text so exactly the phrases are highlighted', () => {
    const text = 'Quiet. No kids, adults only.';
    const [issue] = fairHousingIssues({ title: '', description: text });
    const segments = highlightSegments(text, issue?.flags ?? []);
    expect(segments).toEqual([
      { text: 'Quiet. ', flagged: false },
      { text: 'No kids', flagged: true },
      { text: ', ', flagged: false },
      { text: 'adults only', flagged: true },
      { text: '.', flagged: false },
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(text);
  });
});
