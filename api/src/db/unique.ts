import { AppError } from '../errors';

/** PostgreSQL's unique_violation, from pg or PGlite (drizzle may wrap it as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
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
