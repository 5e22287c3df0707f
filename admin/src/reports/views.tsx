import { REPORT_STATUSES } from '@yardly/shared/contract';
import {
  Button,
  Datagrid,
  DateField,
  Link,
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
];

/** Resolve an open report: remove the listing, or take no action. The reporter is notified. */
function ResolveButtons() {
  const record = useRecordContext<{ id: number; status: string }>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (record?.status !== 'open') return null;
  const resolve = (status: 'listing_removed' | 'no_action') => (event: React.MouseEvent) => {
    event.stopPropagation();
    update(
      'reports',
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
      <Button label="Remove listing" onClick={resolve('listing_removed')} disabled={isPending} />
      <Button label="No action" onClick={resolve('no_action')} disabled={isPending} />
    </>
  );
}

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
        <ResolveButtons />
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
    <Show
      actions={
        <TopToolbar>
          <ResolveButtons />
        </TopToolbar>
      }
    >
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
