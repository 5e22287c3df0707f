import { RENTAL_STATES, REPORT_REASONS, rentalProcess } from '@yardly/shared/rules';
import {
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
  WrapperField,
} from 'react-admin';
import { stateChoices } from '../process-actions';
import { ResolveButtons, STATUS_CHOICES, statusFilter } from '../reports/report-queue';

const REASON_CHOICES = Object.entries(REPORT_REASONS).map(([id, name]) => ({ id, name }));
const RENTAL_STATE_CHOICES = stateChoices(RENTAL_STATES, rentalProcess);
const filters = [statusFilter, <SelectInput key="reason" source="reason" choices={REASON_CHOICES} />];

/** Resolve an open report: remove the rental (the process's Remove), or take no action. */
const resolveButtons = <ResolveButtons resource="rental-reports" removeLabel="Remove rental" />;

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
        <WrapperField label="Resolve">{resolveButtons}</WrapperField>
      </Datagrid>
    </List>
  );
}

export function RentalReportShow() {
  return (
    <Show actions={<TopToolbar>{resolveButtons}</TopToolbar>}>
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
