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
