import type { AdminPayoutRecord } from '@yardly/shared/contract';
import { formatCents, PAYOUT_STATUSES } from '@yardly/shared/rules';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextField,
  TextInput,
  WrapperField,
} from 'react-admin';
import { ProcessActions } from '../ProcessActions';
import { type ConsolePayoutEvent, payoutButtons, RETRY_DONE, retryRequest } from './retry';

const filters = [
  <SelectInput key="status" source="status" alwaysOn choices={PAYOUT_STATUSES.map((id) => ({ id, name: id }))} />,
  <TextInput key="seller" source="sellerId" label="Seller id" />,
];

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
          {/* Send a failed payout again: the seller's available money leaves once more; the provider is asked anew. */}
          <ProcessActions<AdminPayoutRecord, ConsolePayoutEvent>
            resource="payouts"
            actions={payoutButtons}
            request={retryRequest}
            done={() => RETRY_DONE}
          />
        </WrapperField>
      </Datagrid>
    </List>
  );
}
