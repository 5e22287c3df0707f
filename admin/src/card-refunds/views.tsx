import type { AdminCardRefundRecord } from '@yardly/shared/contract';
import { CARD_REFUND_STATUSES, formatCents } from '@yardly/shared/rules';
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
import { RetryButton } from '../layout/RetryButton';

const filters = [
  <SelectInput key="status" source="status" alwaysOn choices={CARD_REFUND_STATUSES.map((id) => ({ id, name: id }))} />,
  <TextInput key="order" source="orderId" label="Order id" />,
];

/**
 * Every refund owed to a buyer's card: `pending` is held by Stripe (its balance cannot cover it
 * yet: top it up), `failed` waits for an admin's Retry once the balance allows.
 */
export function CardRefundList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="createdAt" label="Owed since" showTime />
        <TextField source="orderId" label="Order" sortable={false} />
        <TextField source="buyerEmail" label="Buyer" sortable={false} />
        <FunctionField<AdminCardRefundRecord> label="Amount" sortBy="amount" render={(r) => formatCents(r.amount)} />
        <TextField source="status" />
        <TextField source="failure" label="Stripe says" emptyText="" sortable={false} />
        <TextField source="reason" sortable={false} />
        <NumberField source="attempts" sortable={false} />
        <DateField source="updatedAt" label="Last change" showTime />
        <WrapperField label="Retry">
          <RetryButton resource="card-refunds" done="Refund sent again" />
        </WrapperField>
      </Datagrid>
    </List>
  );
}
