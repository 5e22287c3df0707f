import { organizationInputSchema } from '@yardly/shared/contract';
import { eventsFor, ORGANISATION_STATUSES, organisationProcess } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { reachableStatuses, verificationButtons, verificationDone, verificationRequest } from './verification';

describe("the console's organisation verification buttons", () => {
  it('shows the events the organisation table allows an admin in each status', () => {
    const byStatus = Object.fromEntries(
      ORGANISATION_STATUSES.map((status) => [
        status,
        verificationButtons({ actions: eventsFor(organisationProcess, status, 'admin', {}) }).map((b) => b.label),
      ]),
    );
    expect(byStatus).toEqual({
      IN_REVIEW: ['Verify', 'Reject'],
      VERIFIED: ['Reject', 'Back to review'],
      REJECTED: ['Verify', 'Back to review'],
    });
  });

  it('sends the record as it is with the event, which the api accepts', () => {
    const record = { name: 'Acme Health', status: 'IN_REVIEW', isB2B: false, kind: 'company' } as const;
    const request = verificationRequest('verify', record);
    expect(request).toEqual({ method: 'PUT', data: { ...record, event: 'verify' } });
    expect(request.method === 'PUT' && organizationInputSchema.parse(request.data)).toEqual({
      ...record,
      event: 'verify',
    });
  });

  it('says what happened', () => {
    expect(verificationDone('reject')).toBe('Organisation rejected: its members were told');
    expect(verificationDone('review')).toBe('Organisation in review: its members were told');
  });

  it('offers in the edit form only the statuses the table leads to from the record’s', () => {
    const offered = (status: (typeof ORGANISATION_STATUSES)[number]) =>
      reachableStatuses({ status, actions: eventsFor(organisationProcess, status, 'admin', {}) });
    expect(offered('IN_REVIEW')).toEqual(['IN_REVIEW', 'VERIFIED', 'REJECTED']);
    expect(offered('VERIFIED')).toEqual(['VERIFIED', 'REJECTED', 'IN_REVIEW']);
    expect(reachableStatuses({ status: 'REJECTED', actions: [] })).toEqual(['REJECTED']);
  });
});
