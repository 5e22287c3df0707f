import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardCvcProblem,
  cardExpiryProblem,
  cardMessages,
  cardNumberProblem,
  cardProblem,
  formatCardExpiry,
  luhnValid,
} from './card';

const now = new Date('2026-11-25T12:00:00Z');

describe('card numbers', () => {
  it("accepts Stripe's public test numbers and names their brands", () => {
    expect(cardNumberProblem('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberProblem('4000-0000-0000-0002')).toBeNull();
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('2223003122003222')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('6011111111111117')).toBe('Discover');
    expect(cardBrand('3056930009020004')).toBe('Diners Club');
    expect(cardBrand('3566002020360505')).toBe('JCB');
  });

  it('refuses a wrong Luhn digit, a wrong length, letters and unknown brands', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardNumberProblem('4242 4242 4242 4241')).toBe(cardMessages.invalidNumber);
    expect(cardNumberProblem('4242 4242 4242')).toBe(cardMessages.invalidNumber);
    expect(cardNumberProblem('4242 abcd 4242 4242')).toBe(cardMessages.invalidNumber);
    expect(cardNumberProblem('9999 9999 9999 9995')).toBe(cardMessages.unsupportedBrand);
  });
});

describe('card expiry as MM/YY (spec section 5)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['0', '0'],
    ['4', '04/'],
    ['13', '12/'],
    ['00', '01/'],
    ['0427', '04/27'],
    ['1929', '12/29'],
    ['12/345', '12/34'],
  ])('%j is shown as %j', (typed, shown) => {
    expect(formatCardExpiry(typed)).toBe(shown);
  });

  it('is good through its month, on the app clock', () => {
    expect(cardExpiryProblem('11/26', now)).toBeNull();
    expect(cardExpiryProblem('10/26', now)).toBe(cardMessages.expired);
    expect(cardExpiryProblem('11/26', new Date('2026-12-01T00:00:00Z'))).toBe(cardMessages.expired);
    expect(cardExpiryProblem('13/30', now)).toBe(cardMessages.invalidExpiry);
    expect(cardExpiryProblem('1/30', now)).toBe(cardMessages.invalidExpiry);
  });
});

describe('card security code', () => {
  it('is 3 digits, 4 for American Express', () => {
    expect(cardCvcProblem('123', 'Visa')).toBeNull();
    expect(cardCvcProblem('1234', 'Visa')).toBe(cardMessages.invalidCvc);
    expect(cardCvcProblem('1234', 'American Express')).toBeNull();
    expect(cardCvcProblem('123', 'American Express')).toBe(cardMessages.invalidCvc);
  });

  it('a whole card: the first problem a person reads', () => {
    expect(cardProblem({ number: '4242424242424242', exp: '12/30', cvc: '123' }, now)).toBeNull();
    expect(cardProblem({ number: '4242424242424241', exp: '01/20', cvc: '1' }, now)).toBe(cardMessages.invalidNumber);
    expect(cardProblem({ number: '4242424242424242', exp: '01/20', cvc: '1' }, now)).toBe(cardMessages.expired);
    expect(cardProblem({ number: '378282246310005', exp: '12/30', cvc: '123' }, now)).toBe(cardMessages.invalidCvc);
  });
});
