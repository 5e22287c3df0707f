import { MemoryStorage } from '@yardly/shared/client';
import { describe, expect, it } from 'vitest';
import { forgetAttempt, readSavedAttempt, saveAttempt } from './checkout-attempt-storage';

const ref = { itemRefnum: 'L0123456789A' };
const attempt = { choice: { deliveryMethod: 'pickup' as const }, idempotencyKey: 'key-1', authorised: true };

describe('a checkout attempt kept across a reload', () => {
  it('is read back for the same item, not for another or for an offer on it', () => {
    const storage = new MemoryStorage();
    saveAttempt(ref, attempt, storage);
    expect(readSavedAttempt(ref, storage)).toEqual(attempt);
    expect(readSavedAttempt({ itemRefnum: 'L0123456789B' }, storage)).toBeNull();
    expect(readSavedAttempt({ ...ref, offerRefnum: 'O0123456789C' }, storage)).toBeNull();
  });

  it('keeps how the card pays: a new card to save, or a saved card', () => {
    const storage = new MemoryStorage();
    const saving = { ...attempt, choice: { deliveryMethod: 'ship' as const, addressId: 'A1', saveCard: true } };
    saveAttempt(ref, saving, storage);
    expect(readSavedAttempt(ref, storage)).toEqual(saving);
    const saved = { ...attempt, choice: { deliveryMethod: 'pickup' as const, paymentCardId: 'C0123456789D' } };
    saveAttempt(ref, saved, storage);
    expect(readSavedAttempt(ref, storage)).toEqual(saved);
    // Both at once, or anything but true for saveCard, is not an attempt this page made.
    storage.setItem(
      'yardly.checkout.L0123456789A',
      JSON.stringify({ ...saved, choice: { ...saved.choice, saveCard: true } }),
    );
    expect(readSavedAttempt(ref, storage)).toBeNull();
    storage.setItem(
      'yardly.checkout.L0123456789A',
      JSON.stringify({ ...attempt, choice: { deliveryMethod: 'pickup', saveCard: 'yes' } }),
    );
    expect(readSavedAttempt(ref, storage)).toBeNull();
  });

  it('is gone once forgotten, and ignored when what is stored is not one', () => {
    const storage = new MemoryStorage();
    saveAttempt(ref, attempt, storage);
    forgetAttempt(ref, storage);
    expect(readSavedAttempt(ref, storage)).toBeNull();
    storage.setItem('yardly.checkout.L0123456789A', '{not json');
    expect(readSavedAttempt(ref, storage)).toBeNull();
    storage.setItem('yardly.checkout.L0123456789A', JSON.stringify({ idempotencyKey: '' }));
    expect(readSavedAttempt(ref, storage)).toBeNull();
  });
});
