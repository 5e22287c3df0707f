import { describe, expect, it } from 'vitest';
import {
  emailDomain,
  isPersonalEmail,
  isSellerNotVerified,
  mayTrade,
  organisationAccess,
  organisationStatusMessage,
  organisationStatusMessages,
  tradeRefusal,
  VERIFIED_TOOLTIP,
} from './organisation';

describe('organisation status', () => {
  it('gives verified companies full access and no message', () => {
    expect(organisationAccess('VERIFIED')).toBe('full');
    expect(organisationStatusMessage('VERIFIED')).toBeNull();
  });

  it('limits companies in review, with the 48-hour message', () => {
    expect(organisationAccess('IN_REVIEW')).toBe('limited');
    expect(organisationStatusMessage('IN_REVIEW')).toBe(
      "We currently don't have your company in our directory. Our representative is actively working on adding the company to our directory in the next 48 hours. Until then your account has limited access.",
    );
  });

  it('refuses rejected companies and says how to fix it', () => {
    expect(organisationAccess('REJECTED')).toBe('none');
    expect(organisationStatusMessage('REJECTED')).toBe(
      'We’re unable to support your company at this time. Feel free to verify using a different work email by updating it in Account Settings.',
    );
  });
});

describe('work emails and trading', () => {
  it('reads the domain and knows personal mailboxes', () => {
    expect(emailDomain(' Ann@AcmeHospital.ORG ')).toBe('acmehospital.org');
    expect(isPersonalEmail('me@Gmail.com')).toBe(true);
    expect(isPersonalEmail('me@acmehospital.org')).toBe(false);
  });

  it('lets people outside an organisation and members of a VERIFIED one trade, nobody else', () => {
    expect(mayTrade(null)).toBe(true);
    expect(mayTrade('VERIFIED')).toBe(true);
    expect(mayTrade('IN_REVIEW')).toBe(false);
    expect(mayTrade('REJECTED')).toBe(false);
  });

  it('names the tooltip of a verified professional', () => {
    expect(VERIFIED_TOOLTIP).toBe('Verified by Yardly');
  });
});

describe('tradeRefusal', () => {
  it('lets people outside an organisation and VERIFIED members trade', () => {
    expect(tradeRefusal(null)).toBeNull();
    expect(tradeRefusal('VERIFIED')).toBeNull();
  });

  it("tells IN_REVIEW and REJECTED members their organisation's status", () => {
    expect(tradeRefusal('IN_REVIEW')).toBe(organisationStatusMessages.IN_REVIEW);
    expect(tradeRefusal('REJECTED')).toBe(organisationStatusMessages.REJECTED);
  });
});

describe("an item seller's verification", () => {
  it('shows the item of a seller outside any organisation or in a verified one', () => {
    expect(isSellerNotVerified(null)).toBe(false);
    expect(isSellerNotVerified('VERIFIED')).toBe(false);
  });

  it('is the seller-not-verified state for a company in review or rejected', () => {
    expect(isSellerNotVerified('IN_REVIEW')).toBe(true);
    expect(isSellerNotVerified('REJECTED')).toBe(true);
  });
});
