import { REPORT_REASONS, REPORT_STATUSES, type RentalReportRecord } from '@yardly/shared/contract';
import { RENTAL_STATES, rentalProcess } from '@yardly/shared/rules';
import {
  Button,
  Datagrid,
  DateField,
  List,
  ReferenceField,
  SelectField,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';

const STATUS_CHOICES = REPORT_STATUSES.map((id) => ({ id, name: id.replace('_', ' ') }));
const REASON_CHOICES = Object.entries(REPORT_REASONS).map(([id, name]) => ({ id, name }));
const RENTAL_STATE_CHOICES = RENTAL_STATES.map((id) => ({ id, name: rentalProcess.states[id].label }));
const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'open', name: 'open' },
      { id: 'resolved', name: 'resolved' },
    ]}
  />,
  <SelectInput key="reason" source="reason" choices={REASON_CHOICES} />,
];

/** Resolve an open report: remove the rental (the process's Remove), or take no action. The reporter is notified. */
function ResolveButtons() {
  const record = useRecordContext<RentalReportRecord>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (record?.status !== 'open') return null;
  const resolve = (status: 'listing_removed' | 'no_action') => (event: React.MouseEvent) => {
    event.stopPropagation();
    update(
      'rental-reports',
      { id: record.id, data: { status }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Report resolved; the reporter was notified', { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <>
      <Button label="Remove rental" onClick={resolve('listing_removed')} disabled={isPending} />
      <Button label="No action" onClick={resolve('no_action')} disabled={isPending} />
    </>
  );
}

/** The rental report queue, beside the item reports: the open ones, oldest first. */
export function RentalReportList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'open' }} sort={{ field: 'createdAt', order: 'ASC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" label="Reported" showTime />
        <TextField source="rentalTitle" label="Rental" sortable={false} />
        <SelectField source="reason" choices={REASON_CHOICES} />
        <TextField source="details" sortable={false} />
        <TextField source="reporterEmail" label="Reporter" sortable={false} />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <ResolveButtons />
      </Datagrid>
    </List>
  );
}

export function RentalReportShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ResolveButtons />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <ReferenceField source="rentalId" reference="rentals" link="show" label="Rental" />
        <SelectField source="rentalState" label="Rental state" choices={RENTAL_STATE_CHOICES} />
        <TextField source="landlordEmail" label="Landlord" />
        <SelectField source="reason" choices={REASON_CHOICES} />
        <TextField source="details" />
        <TextField source="reporterEmail" label="Reporter" />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <DateField source="createdAt" showTime />
        <DateField source="resolvedAt" showTime emptyText="Open" />
      </SimpleShowLayout>
    </Show>
  );
}
