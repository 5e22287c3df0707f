import type { REPORT_STATUSES, ReportRecord } from '@yardly/shared/contract';
import { type ReportEvent, reportProcess } from '@yardly/shared/rules';
import { allowedButtons, type ProcessRequest } from '../process-actions';

/** The report events the console resolves with: remove the listing or rental, or take no action. */
export type ResolveEvent = Extract<ReportEvent, 'removeListing' | 'dismiss'>;
const RESOLVE_EVENTS: readonly ResolveEvent[] = ['removeListing', 'dismiss'];

/** The status each resolution leaves the report in (the PUT's word). */
const RESOLVED_STATUS = {
  removeListing: 'listing_removed',
  dismiss: 'no_action',
} as const satisfies Record<ResolveEvent, Exclude<(typeof REPORT_STATUSES)[number], 'open'>>;

/**
 * The resolve buttons of a report: those its `actions` (the report table, for an admin) allow,
 * on an open one; removing says what it removes ('Remove listing', 'Remove rental').
 */
export function resolveButtons(record: Pick<ReportRecord, 'actions'>, removeLabel: string) {
  return allowedButtons(record.actions, RESOLVE_EVENTS, (event) =>
    event === 'removeListing' ? removeLabel : reportProcess.events[event].label,
  );
}

/** The PUT a resolution sends: the status it leaves. */
export function resolveRequest(event: ResolveEvent): ProcessRequest {
  return { method: 'PUT', data: { status: RESOLVED_STATUS[event] } };
}

/** What the console says once a report is resolved, either way. */
export const RESOLVE_DONE = 'Report resolved; the reporter was notified';
