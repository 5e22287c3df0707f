import type { LoginData } from '@yardly/shared/contract';
import { testLoginData } from '@yardly/shared/testing';

/** Login data as the api answers it, for unit tests. */
export const loginData = testLoginData;

/**
 * Stores a signed-in person's login data as the browser session keeps it. For a rendered test's
 * `vi.hoisted`: the session reads it once, when the api client is first imported.
 */
export function storeLoginData(overrides: Partial<LoginData> = {}): void {
  localStorage.setItem('yardly.session', JSON.stringify(loginData(overrides)));
}
