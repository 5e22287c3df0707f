import { MemoryStorage } from '@yardly/shared/client';
import { describe, expect, it } from 'vitest';
import { PENDING_FLOW_KEYS } from './pending-flow-keys';
import {
  forgetPendingReset,
  forgetSignupState,
  keepPendingReset,
  keepSignupState,
  keepWorkEmailUpdate,
  pendingFlowDialog,
} from './pending-flows';

const MINUTE = 60_000;

describe('pending flows in storage, acted on at start (spec section 4)', () => {
  it('reopens the reset dialog for the email whose code was sent, while the code lives (10 minutes)', () => {
    const storage = new MemoryStorage();
    keepPendingReset('ann@example.com', storage, 0);
    expect(pendingFlowDialog(false, storage, 9 * MINUTE)).toEqual({ name: 'resetPassword', email: 'ann@example.com' });
    expect(pendingFlowDialog(false, storage, 10 * MINUTE)).toBeNull();
    // An expired flag is gone: nothing to read at the next start.
    expect(storage.getItem(PENDING_FLOW_KEYS.passwordReset)).toBeNull();
  });

  it('keeps the first deadline when the same reset reopens, and nothing once it is forgotten', () => {
    const storage = new MemoryStorage();
    keepPendingReset('ann@example.com', storage, 0);
    keepPendingReset('ann@example.com', storage, 8 * MINUTE);
    expect(pendingFlowDialog(false, storage, 11 * MINUTE)).toBeNull();

    keepPendingReset('ann@example.com', storage, 20 * MINUTE);
    forgetPendingReset(storage);
    expect(pendingFlowDialog(false, storage, 21 * MINUTE)).toBeNull();
  });

  it("reopens a sign-up's verify dialog with its signupType: an easy one is asked to complete the account after", () => {
    const storage = new MemoryStorage();
    keepSignupState({ email: 'bo@example.com', signupType: 'easy', rewardMessage: 'You both get $5.00' }, storage, 0);
    expect(pendingFlowDialog(false, storage, MINUTE)).toEqual({
      name: 'verify',
      email: 'bo@example.com',
      flow: 'easy',
      rewardMessage: 'You both get $5.00',
    });
    forgetSignupState(storage);
    expect(pendingFlowDialog(false, storage, MINUTE)).toBeNull();
  });

  it('prefers a pending reset to a pending sign-up, and drops a flag it cannot read', () => {
    const storage = new MemoryStorage();
    keepSignupState({ email: 'bo@example.com', signupType: 'signup' }, storage, 0);
    keepPendingReset('ann@example.com', storage, 0);
    expect(pendingFlowDialog(false, storage, MINUTE)?.name).toBe('resetPassword');

    forgetPendingReset(storage);
    storage.setItem(
      PENDING_FLOW_KEYS.signup,
      JSON.stringify({ email: 'bo@example.com', signupType: 'other', until: 1e15 }),
    );
    expect(pendingFlowDialog(false, storage, MINUTE)).toBeNull();
    expect(storage.getItem(PENDING_FLOW_KEYS.signup)).toBeNull();
  });

  it("reopens a signed-in person's work-email code (the session's work-email update flag), and a guest's flows only for a guest", () => {
    const storage = new MemoryStorage();
    keepPendingReset('ann@example.com', storage, 0);
    keepWorkEmailUpdate({ workEmail: 'ann@acme.com', organizationName: 'Acme' }, storage, 0);
    // Signed in: the work-email update; the guest's reset is over.
    expect(pendingFlowDialog(true, storage, MINUTE)).toEqual({
      name: 'workEmailCode',
      workEmail: 'ann@acme.com',
      organizationName: 'Acme',
    });
    expect(storage.getItem(PENDING_FLOW_KEYS.passwordReset)).toBeNull();
    expect(pendingFlowDialog(true, storage, 10 * MINUTE)).toBeNull();

    // A guest (logged out since): the update of whoever was signed in is forgotten.
    keepWorkEmailUpdate({ workEmail: 'ann@acme.com', organizationName: 'Acme' }, storage, 20 * MINUTE);
    expect(pendingFlowDialog(false, storage, 21 * MINUTE)).toBeNull();
    expect(storage.getItem(PENDING_FLOW_KEYS.workEmailUpdate)).toBeNull();
  });
});
