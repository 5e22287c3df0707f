import type { LoginData } from '@yardly/shared/contract';

/** Login data as the api answers it, for unit tests. */
export function loginData(overrides: Partial<LoginData> = {}): LoginData {
  return {
    token: 'access-1',
    refreshToken: 'refresh-1',
    expirationTime: '2029-01-01T00:00:00.000Z',
    userRefnum: 'U0123456789A',
    userRoles: ['ROLE_USER'],
    nameFirst: 'Ann',
    email: 'ann@example.com',
    isProgressive: false,
    isProfessionVerified: false,
    companyStatus: null,
    zip: null,
    isDonationRecipient: false,
    orgName: null,
    orgRefnum: null,
    isOrganizationB2B: false,
    ...overrides,
  };
}

/**
 * Stores a signed-in person's login data as the browser session keeps it. For a rendered test's
 * `vi.hoisted`: the session reads it once, when the api client is first imported.
 */
export function storeLoginData(overrides: Partial<LoginData> = {}): void {
  localStorage.setItem('yardly.session', JSON.stringify(loginData(overrides)));
}
