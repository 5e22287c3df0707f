import { CODE_TTL_MINUTES } from '@yardly/shared/rules';
import type { AuthDialog, B2BSignup, SignupFlow } from './auth-dialog';
import { PENDING_FLOW_KEYS } from './pending-flow-keys';

const CODE_LIFETIME_MS = CODE_TTL_MINUTES * 60_000;

/** The signup state of a sign-up awaiting its code: `signupType` decides what follows the code. */
interface SignupState {
  email: string;
  /** A full sign-up, or an easy (email only) one, whose verified dialog asks to complete the account. */
  signupType: SignupFlow;
  rewardMessage?: string;
  b2b?: B2BSignup;
  /** When its code stops working (ms). */
  until: number;
}

interface PendingReset {
  email: string;
  until: number;
}

function store(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (privacy settings): nothing is kept, nothing resumed
  }
}

function write(storage: Storage | null, key: string, value: object | null): void {
  try {
    if (value) storage?.setItem(key, JSON.stringify(value));
    else storage?.removeItem(key);
  } catch {
    // Storage full or refused: the flow goes on, it only will not come back after a reload.
  }
}

function readObject(storage: Storage | null, key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The reset dialog is open for `email`: kept until its code expires (reopened, it keeps its first deadline). */
export function keepPendingReset(email: string, storage = store(), now = Date.now()): void {
  const kept = readObject(storage, PENDING_FLOW_KEYS.passwordReset);
  const until = kept?.email === email && typeof kept.until === 'number' ? kept.until : now + CODE_LIFETIME_MS;
  write(storage, PENDING_FLOW_KEYS.passwordReset, { email, until } satisfies PendingReset);
}

export function forgetPendingReset(storage = store()): void {
  write(storage, PENDING_FLOW_KEYS.passwordReset, null);
}

/** The verify dialog of a sign-up is open: its signup state kept until the code expires. */
export function keepSignupState(signup: Omit<SignupState, 'until'>, storage = store(), now = Date.now()): void {
  const kept = readObject(storage, PENDING_FLOW_KEYS.signup);
  const until = kept?.email === signup.email && typeof kept.until === 'number' ? kept.until : now + CODE_LIFETIME_MS;
  write(storage, PENDING_FLOW_KEYS.signup, { ...signup, until } satisfies SignupState);
}

export function forgetSignupState(storage = store()): void {
  write(storage, PENDING_FLOW_KEYS.signup, null);
}

/** The work-email code dialog is open: the session's work-email update flag, until the code expires. */
export function keepWorkEmailUpdate(
  update: { workEmail: string; organizationName: string },
  storage = store(),
  now = Date.now(),
): void {
  const kept = readObject(storage, PENDING_FLOW_KEYS.workEmailUpdate);
  const until =
    kept?.workEmail === update.workEmail && typeof kept.until === 'number' ? kept.until : now + CODE_LIFETIME_MS;
  write(storage, PENDING_FLOW_KEYS.workEmailUpdate, { ...update, until });
}

export function forgetWorkEmailUpdate(storage = store()): void {
  write(storage, PENDING_FLOW_KEYS.workEmailUpdate, null);
}

/**
 * At start: the dialog a pending flow asks for, if its code still lives. Signed in: a work
 * email being updated (the guest flags are over: forgotten). A guest: a reset before a sign-up
 * (the newer need; a work-email update of whoever logged out is forgotten). An expired or
 * unreadable flag is removed.
 */
export function pendingFlowDialog(signedIn: boolean, storage = store(), now = Date.now()): AuthDialog | null {
  if (signedIn) {
    forgetPendingReset(storage);
    forgetSignupState(storage);
    const update = readObject(storage, PENDING_FLOW_KEYS.workEmailUpdate);
    if (!update) return null;
    const { workEmail, organizationName, until } = update;
    if (
      typeof workEmail === 'string' &&
      typeof organizationName === 'string' &&
      typeof until === 'number' &&
      until > now
    ) {
      return { name: 'workEmailCode', workEmail, organizationName };
    }
    forgetWorkEmailUpdate(storage);
    return null;
  }
  forgetWorkEmailUpdate(storage);
  const reset = readObject(storage, PENDING_FLOW_KEYS.passwordReset);
  if (reset) {
    if (typeof reset.email === 'string' && typeof reset.until === 'number' && reset.until > now) {
      return { name: 'resetPassword', email: reset.email };
    }
    forgetPendingReset(storage);
  }
  const signup = readObject(storage, PENDING_FLOW_KEYS.signup);
  if (signup) {
    const { email, signupType, until, rewardMessage, b2b } = signup;
    if (
      typeof email === 'string' &&
      (signupType === 'signup' || signupType === 'easy') &&
      typeof until === 'number' &&
      until > now
    ) {
      return {
        name: 'verify',
        email,
        flow: signupType,
        ...(typeof rewardMessage === 'string' ? { rewardMessage } : {}),
        ...(b2b && typeof b2b === 'object' ? { b2b: b2b as B2BSignup } : {}),
      };
    }
    forgetSignupState(storage);
  }
  return null;
}
