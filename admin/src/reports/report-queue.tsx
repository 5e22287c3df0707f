import { REPORT_STATUSES, type RentalReportRecord, type ReportRecord } from '@yardly/shared/contract';
import { SelectInput } from 'react-admin';
import { ProcessActions } from '../ProcessActions';
import { RESOLVE_DONE, type ResolveEvent, resolveButtons, resolveRequest } from './resolve';

/**
 * What the item and rental report queues share: the status choices, the open/resolved filter and
 * the buttons that resolve an open report.
 */

export const STATUS_CHOICES = REPORT_STATUSES.map((id) => ({ id, name: id.replace('_', ' ') }));

export const statusFilter = (
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'open', name: 'open' },
      { id: 'resolved', name: 'resolved' },
    ]}
  />
);

/** Resolve an open report: remove its listing or rental, or take no action. The reporter is notified. */
export function ResolveButtons({ resource, removeLabel }: { resource: string; removeLabel: string }) {
  return (
    <ProcessActions<ReportRecord | RentalReportRecord, ResolveEvent>
      resource={resource}
      actions={(record) => resolveButtons(record, removeLabel)}
      request={resolveRequest}
      done={() => RESOLVE_DONE}
    />
  );
}
