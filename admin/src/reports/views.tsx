import {
  Datagrid,
  DateField,
  Link,
  List,
  ReferenceField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  WrapperField,
} from 'react-admin';
import { ResolveButtons, STATUS_CHOICES, statusFilter } from './report-queue';

const filters = [statusFilter];

/** Resolve an open report: remove the listing, or take no action. */
const resolveButtons = <ResolveButtons resource="reports" removeLabel="Remove listing" />;

export function ReportList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'open' }} sort={{ field: 'createdAt', order: 'ASC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" label="Reported" showTime />
        <TextField source="listingTitle" label="Listing" sortable={false} />
        <TextField source="reason" />
        <TextField source="details" sortable={false} />
        <TextField source="reporterEmail" label="Reporter" sortable={false} />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <WrapperField label="Resolve">{resolveButtons}</WrapperField>
      </Datagrid>
    </List>
  );
}

/** The conversations about the reported listing, read-only, to judge the report. */
function ConversationsLink() {
  const record = useRecordContext<{ listingId: string }>();
  if (!record) return null;
  const filter = encodeURIComponent(JSON.stringify({ listingId: record.listingId }));
  return <Link to={`/conversations?filter=${filter}`}>Conversations about this listing</Link>;
}

export function ReportShow() {
  return (
    <Show actions={<TopToolbar>{resolveButtons}</TopToolbar>}>
      <SimpleShowLayout>
        <ReferenceField source="listingId" reference="listings" link="show" />
        <ConversationsLink />
        <TextField source="reason" />
        <TextField source="details" />
        <TextField source="reporterEmail" label="Reporter" />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <DateField source="createdAt" showTime />
        <DateField source="resolvedAt" showTime emptyText="Open" />
      </SimpleShowLayout>
    </Show>
  );
}
