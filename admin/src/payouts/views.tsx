import type { AdminPayoutRecord } from '@yardly/shared/contract';
import { formatCents, PAYOUT_STATUSES } from '@yardly/shared/rules';
import {
  Button,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
  WrapperField,
} from 'react-admin';
import { retryable } from './retry';

const filters = [
  <SelectInput key="status" source="status" alwaysOn choices={PAYOUT_STATUSES.map((id) => ({ id, name: id }))} />,
  <TextInput key="seller" source="sellerId" label="Seller id" />,
];

/** Send a failed payout again (the seller's available money leaves once more; the provider is asked anew). */
function RetryButton() {
  const record = useRecordContext<AdminPayoutRecord>();
  const { canAccess } = useCanAccess({ resource: 'payouts', action: 'edit' });
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || !retryable(record, canAccess === true)) return null;
  const retry = (event: React.MouseEvent) => {
    event.stopPropagation();
    update(
      'payouts',
      { id: record.id, data: { retry: true }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('Payout sent again', { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return <Button label="Retry" onClick={retry} disabled={isPending} />;
}

export function PayoutList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="createdAt" label="Started" showTime />
        <TextField source="sellerEmail" label="Seller" sortable={false} />
        <FunctionField<AdminPayoutRecord> label="Amount" sortBy="amount" render={(r) => formatCents(r.amount)} />
        <TextField source="status" />
        <TextField source="failure" emptyText="" sortable={false} />
        <NumberField source="attempts" sortable={false} />
        <DateField source="updatedAt" label="Last change" showTime />
        <WrapperField label="Retry">
          <RetryButton />
        </WrapperField>
      </Datagrid>
    </List>
  );
}
