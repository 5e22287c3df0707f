import { defineProcess, type EventOf, type StateOf } from './process';
import { countSteps, defineInvariants } from './process-invariants';

/**
 * The back office's small processes (issue 35): a seller's payout, a report about a listing or
 * rental, and an organisation's verification. Declared like the marketplace's flows so their
 * states, events and who takes them are read from one place and explored with the others
 * (api/test/process-exhaustive.test.ts).
 */

/**
 * A payout of a seller's available money (payouts/send.ts): sent pending; the provider reports it
 * paid or failed (a paid one can still come back from the bank); a failed one is tried again by
 * the daily run or an admin's Retry in the console.
 */
export const payoutProcess = defineProcess({
  name: 'payout',
  initial: 'pending',
  states: {
    pending: { label: 'Pending', badge: 'Pending', refusal: 'is_pending' },
    paid: { label: 'Paid out', badge: 'Paid', refusal: 'already_paid' },
    failed: { label: 'Failed', badge: 'Failed', refusal: 'is_failed' },
  },
  guards: {},
  events: {
    send: { label: 'Send payout', from: [], to: 'pending', by: ['system'] },
    paidOut: { label: 'Paid out by the provider', from: ['pending'], to: 'paid', by: ['system'] },
    fail: { label: 'Failed at the provider', from: ['pending', 'paid'], to: 'failed', by: ['system'] },
    retry: { label: 'Retry', from: ['failed'], to: 'pending', by: ['system', 'admin'] },
  },
});
export type PayoutState = StateOf<typeof payoutProcess>;
export type PayoutEvent = EventOf<typeof payoutProcess>;

export const payoutInvariants = defineInvariants(payoutProcess, {
  final: [],
  worlds: [{}],
  rules: {
    paidOnlyFromPending: {
      says: 'a payout is paid only while a try of it is pending: every paid follows a send or a retry',
      holds: (path) =>
        countSteps(path, (s) => s.event === 'paidOut') <=
        countSteps(path, (s) => s.event === 'send' || s.event === 'retry'),
    },
    onlyPlatformMovesMoney: {
      says: 'nobody but the platform marks a payout paid or failed; an admin may only retry a failed one',
      holds: (path) => path.every((s) => s.by === 'system' || s.by === 'timer' || s.event === 'retry'),
    },
  },
});

/** A report about a listing or a rental (reports/queue.ts): open until an admin resolves it, once. */
export const reportProcess = defineProcess({
  name: 'report',
  initial: 'open',
  states: {
    open: { label: 'Open', badge: 'Open', refusal: 'is_open' },
    listing_removed: { label: 'Listing removed', badge: null, refusal: 'already_resolved' },
    no_action: { label: 'No action', badge: null, refusal: 'already_resolved' },
  },
  guards: {},
  events: {
    /** Any signed-in person files it (the process's buyer). */
    file: { label: 'Report', from: [], to: 'open', by: ['buyer'] },
    removeListing: { label: 'Remove the listing', from: ['open'], to: 'listing_removed', by: ['admin'] },
    dismiss: { label: 'No action', from: ['open'], to: 'no_action', by: ['admin'] },
  },
});
export type ReportState = StateOf<typeof reportProcess>;
export type ReportEvent = EventOf<typeof reportProcess>;

export const reportInvariants = defineInvariants(reportProcess, {
  final: ['listing_removed', 'no_action'],
  worlds: [{}],
  rules: {
    resolvedOnce: {
      says: 'a report is resolved once, by an admin',
      holds: (path) =>
        countSteps(path, (s) => s.from === 'open') <= 1 && path.every((s) => s.from === null || s.by === 'admin'),
    },
  },
});

/**
 * An organisation's verification (organisations/admin.ts, ADR 0070): in review when it registers
 * (a confirmed work email of a new domain, or an admin's console); an admin verifies or rejects
 * it, and may change their mind or send it back to review. VERIFIED trades freely, IN_REVIEW is
 * limited, REJECTED has no access (organisation.ts). Each change tells its members; other
 * capabilities react by subscribing (the organisation marketplace closes with VERIFIED).
 */
export const organisationProcess = defineProcess({
  name: 'organisation',
  initial: 'IN_REVIEW',
  states: {
    IN_REVIEW: { label: 'In review', badge: 'In review', refusal: 'in_review' },
    VERIFIED: { label: 'Verified', badge: 'Verified', refusal: 'already_verified' },
    REJECTED: { label: 'Rejected', badge: 'Rejected', refusal: 'already_rejected' },
  },
  guards: {},
  events: {
    register: { label: 'Register', from: [], to: 'IN_REVIEW', by: ['system', 'admin'] },
    verify: {
      label: 'Verify',
      from: ['IN_REVIEW', 'REJECTED'],
      to: 'VERIFIED',
      by: ['admin'],
      does: ['tellMembers'],
    },
    reject: {
      label: 'Reject',
      from: ['IN_REVIEW', 'VERIFIED'],
      to: 'REJECTED',
      by: ['admin'],
      does: ['tellMembers'],
    },
    review: {
      label: 'Back to review',
      from: ['VERIFIED', 'REJECTED'],
      to: 'IN_REVIEW',
      by: ['admin'],
      does: ['tellMembers'],
    },
  },
});
export type OrganisationState = StateOf<typeof organisationProcess>;
export type OrganisationEvent = EventOf<typeof organisationProcess>;

/** The words an admin reads when the table refuses an organisation event, by its reason. */
const ORGANISATION_REFUSALS: Record<string, string> = {
  in_review: 'This organisation is already in review',
  already_verified: 'This organisation is already verified',
  already_rejected: 'This organisation is already rejected',
  not_your_turn: 'Only an admin can change an organisation’s verification',
};

export function organisationRefusalMessage(_event: OrganisationEvent, reason: string): string {
  return ORGANISATION_REFUSALS[reason] ?? 'This organisation’s verification cannot change so now';
}

export const organisationInvariants = defineInvariants(organisationProcess, {
  final: [],
  worlds: [{}],
  rules: {
    onlyAdminsVerify: {
      says: 'only an admin changes an organisation’s verification',
      holds: (path) => path.every((s) => s.from === null || s.by === 'admin'),
    },
  },
});
