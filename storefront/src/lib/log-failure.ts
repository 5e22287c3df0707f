import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';

/**
 * Logs a call that failed, for whoever reads the browser's console. A refusal the api answered
 * (a 4xx: a wrong password, an offer no longer open, a page of someone else's) is the person's to
 * read and the page shows its message: a warning. Anything else (no answer, a 5xx, an answer off
 * the contract, a bug) is an error, the kind the journeys' page checks fail on.
 */
export function logFailure(what: string, cause: unknown): void {
  if (isRefusal(cause)) console.warn(`${what}: ${cause.status} ${cause.message}`);
  else console.error(what, cause);
}

/** The api said no on purpose: an answer in the envelope with a 4xx status (not a time-out, code 0). */
export function isRefusal(cause: unknown): cause is ApiError {
  return cause instanceof ApiError && cause.status >= 400 && cause.status < 500;
}

/** What a failed call tells the person: the api's own message, else the generic one. */
export function failureMessage(cause: unknown): string {
  return cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE;
}
