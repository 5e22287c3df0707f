import { ADMIN_ORGANISATION_EVENTS, type OrganizationRecord } from '@yardly/shared/contract';
import { type OrganisationEvent, type OrganisationStatus, organisationProcess } from '@yardly/shared/rules';
import { allowedButtons, type ProcessRequest } from '../process-actions';

/** The organisation events the console takes: verify, reject, back to review. */
export type ConsoleOrganisationEvent = (typeof ADMIN_ORGANISATION_EVENTS)[number];

/** The buttons the record's `actions` (the organisation table, for an admin) allow, labelled as the table names them. */
export function verificationButtons(record: Pick<OrganizationRecord, 'actions'>) {
  return allowedButtons<ConsoleOrganisationEvent>(
    record.actions,
    ADMIN_ORGANISATION_EVENTS,
    (event) => organisationProcess.events[event].label,
  );
}

/** The PUT a button sends: the record as it is, naming the event (the api takes it through the table). */
export function verificationRequest(
  event: ConsoleOrganisationEvent,
  record: Pick<OrganizationRecord, 'name' | 'status' | 'isB2B' | 'kind'>,
): ProcessRequest {
  const { name, status, isB2B, kind } = record;
  return { method: 'PUT', data: { name, status, isB2B, kind, event } };
}

/** What the console says once the api took the event. */
export function verificationDone(event: OrganisationEvent): string {
  const status = organisationProcess.states[organisationProcess.events[event].to].label.toLowerCase();
  return `Organisation ${status}: its members were told`;
}

/**
 * The statuses the edit form offers: the record's own and those its `actions` lead to (saving
 * another status is that event, taken through the table), never a free choice.
 */
export function reachableStatuses(record: Pick<OrganizationRecord, 'status' | 'actions'>): OrganisationStatus[] {
  const events = verificationButtons(record).map(({ event }) => organisationProcess.events[event].to);
  return [record.status, ...events];
}
