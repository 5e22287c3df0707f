import { ApiError } from '@yardly/shared/client';
import { atom, type ReadableAtom } from 'nanostores';

/** An account exists for the email: the sign-up's refusal that a log in answers. */
const EMAIL_TAKEN_CODE = 409;

/**
 * The signup state's `errorCode` (spec section 3): the code of the sign-up's last refusal and the
 * email it was for. The sign-up dialogs read it to offer what answers it: 409 (an account
 * exists) offers 'Log in' with that email. A new attempt clears it.
 */
export interface SignupRefusal {
  errorCode: number;
  email: string;
}

const $refusal = atom<SignupRefusal | null>(null);

export const $signupRefusal: ReadableAtom<SignupRefusal | null> = $refusal;

/** Runs a sign-up attempt for `email`, keeping the code of its refusal (then throws it on for the form). */
export async function attemptSignup<T>(email: string, attempt: () => Promise<T>): Promise<T> {
  $refusal.set(null);
  try {
    return await attempt();
  } catch (cause) {
    if (cause instanceof ApiError) $refusal.set({ errorCode: cause.code, email: email.trim() });
    throw cause;
  }
}

/** Whether the sign-up of `email` (as typed now) was refused because an account has it. */
export function refusedAsTaken(refusal: SignupRefusal | null, email: string): boolean {
  return refusal?.errorCode === EMAIL_TAKEN_CODE && refusal.email.toLowerCase() === email.trim().toLowerCase();
}
