import { cardMessages } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { cardErrors, cardErrorsFrom, formatCardNumber, initialCardChoice, typedBrand } from './card-form-view';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('the card form', () => {
  it('groups the number as it is typed, American Express as 4-6-5, and drops anything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4'.repeat(25))).toBe('4444 4444 4444 4444 444');
    expect(formatCardNumber('')).toBe('');
  });

  it('names the brand from the first digits', () => {
    expect(typedBrand('4242 42')).toBe('Visa');
    expect(typedBrand('5555')).toBe('Mastercard');
    expect(typedBrand('37')).toBe('American Express');
    expect(typedBrand('9999')).toBeNull();
    expect(typedBrand('')).toBeNull();
  });

  it('says what is wrong under each field, with the shared rules’ words', () => {
    expect(cardErrors({ number: '4242 4242 4242 4242', exp: '12/30', cvc: '123' }, NOW)).toEqual({});
    expect(cardErrors({ number: '4242 4242 4242 4241', exp: '10/26', cvc: '12' }, NOW)).toEqual({
      number: cardMessages.invalidNumber,
      exp: cardMessages.expired,
      cvc: cardMessages.invalidCvc,
    });
    expect(cardErrors({ number: '9999 9999 9999 9995', exp: '1', cvc: '123' }, NOW)).toEqual({
      number: cardMessages.unsupportedBrand,
      exp: cardMessages.invalidExpiry,
    });
    // American Express wants four digits.
    expect(cardErrors({ number: '3782 822463 10005', exp: '11/26', cvc: '123' }, NOW)).toEqual({
      cvc: cardMessages.invalidCvc,
    });
  });

  it("keeps the api's field errors for the card's fields only, the first of each", () => {
    expect(
      cardErrorsFrom([
        { field: 'exp', message: 'first' },
        { field: 'exp', message: 'second' },
        { field: 'paymentIntentId', message: 'not a card field' },
      ]),
    ).toEqual({ exp: 'first' });
  });
});

describe('the card a checkout starts with', () => {
  const card = (id: string, expired = false) => ({
    id,
    brand: 'Visa',
    last4: '4242',
    expMonth: 4,
    expYear: 2030,
    exp: '04/30',
    expired,
  });
  const ship = { deliveryMethod: 'ship' as const, addressId: 'A0123456789B' };

  it('is the newest saved card that can pay, else a new card', () => {
    expect(initialCardChoice(null, [card('C1'), card('C2')])).toEqual({ kind: 'saved', cardId: 'C1' });
    expect(initialCardChoice(null, [card('C1', true), card('C2')])).toEqual({ kind: 'saved', cardId: 'C2' });
    expect(initialCardChoice(null, [card('C1', true)])).toEqual({ kind: 'new', save: false });
    expect(initialCardChoice(null, [])).toEqual({ kind: 'new', save: false });
  });

  it('is the resumed attempt’s: its saved card, or a new card it was to save', () => {
    expect(initialCardChoice({ ...ship, paymentCardId: 'C2' }, [card('C1'), card('C2')])).toEqual({
      kind: 'saved',
      cardId: 'C2',
    });
    expect(initialCardChoice({ ...ship, saveCard: true }, [card('C1')])).toEqual({ kind: 'new', save: true });
    // A card deleted (or expired) since is not chosen again.
    expect(initialCardChoice({ ...ship, paymentCardId: 'C9' }, [card('C1')])).toEqual({ kind: 'saved', cardId: 'C1' });
  });
});
