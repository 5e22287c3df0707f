import type { LoginData } from '../contract/auth';

/** Login data as the api answers it, for unit tests (`@yardly/shared/testing`: test code only, never the app's). */
export function testLoginData(overrides: Partial<LoginData> = {}): LoginData {
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
