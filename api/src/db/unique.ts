import { AppError } from '../errors';

/** Whether PostgreSQL answered `error` (or a cause drizzle wrapped it in) with one of `codes`, from pg or PGlite. */
function hasSqlState(error: unknown, codes: readonly string[]): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (codes.includes(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, ['23505']);
}

/**
 * Two transactions met and PostgreSQL aborted one (deadlock_detected, serialization_failure): a
 * race its loser may simply try again, never the server's failure.
 */
export function isLostRace(error: unknown): boolean {
  return hasSqlState(error, ['40P01', '40001']);
}

/** Runs a write; a unique violation becomes a 409 on the given field with the given message. */
export async function refuseDuplicate<T>(write: () => Promise<T>, field: string, message: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, message, { field });
    throw error;
  }
}
