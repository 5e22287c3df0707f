import type { AdminOrderRecord } from '@yardly/shared/contract';
import { formatCents, ORDER_STATES, orderProcess } from '@yardly/shared/rules';
import {
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';
import { RecordTable } from '../layout/RecordTable';
import { ProcessShow } from '../ProcessActions';
import { stateChoices } from '../process-actions';
import { StatusHistory } from '../StatusHistory';
import { type ConsoleOrderEvent, REFUND_DONE, refundAsk, refundButtons, refundRequest, signedCents } from './refund';

const STATE_CHOICES = stateChoices(ORDER_STATES, orderProcess);

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Order, listing or person" />,
  <TextInput key="listing" source="listingId" label="Listing id or title" />,
  <TextInput key="person" source="personId" label="Buyer or seller (email or id)" />,
  <SelectInput key="status" source="status" choices={STATE_CHOICES} />,
];

const money = (source: keyof AdminOrderRecord, label: string) => (
  <FunctionField<AdminOrderRecord> label={label} render={(r) => formatCents(r[source] as number)} />
);

export function OrderList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="Order" sortable={false} />
        <DateField source="createdAt" label="Placed" showTime />
        <TextField source="listingTitle" label="Listing" sortable={false} />
        <TextField source="buyerEmail" label="Buyer" sortable={false} />
        <TextField source="sellerEmail" label="Seller" sortable={false} />
        {money('total', 'Total')}
        <TextField source="statusLabel" label="Status" sortBy="status" />
      </Datagrid>
    </List>
  );
}

/** The order with its payment, its ledger entries (each transaction sums to zero) and its status history. */
export function OrderShow() {
  return (
    <ProcessShow<AdminOrderRecord, ConsoleOrderEvent>
      resource="orders"
      actions={refundButtons}
      ask={(_event, record) => refundAsk(record)}
      request={(_event, _record, reason) => refundRequest(reason)}
      done={() => REFUND_DONE}
    >
      <SimpleShowLayout>
        <TextField source="id" label="Order" />
        <TextField source="statusLabel" label="Status" />
        <ReferenceField source="listingId" reference="listings" link="show" />
        <TextField source="buyerEmail" label="Buyer" />
        <TextField source="sellerEmail" label="Seller" />
        <TextField source="deliveryMethod" />
        {money('itemPrice', 'Item price')}
        {money('shipping', 'Shipping')}
        {money('total', 'Total')}
        {money('commission', 'Commission')}
        <Labeled label="Payment">
          <FunctionField<AdminOrderRecord>
            render={(r) => `${r.payment.paymentIntentId} (${r.payment.provider} provider)`}
          />
        </Labeled>
        <StatusHistory />
        <RecordTable source="ledger" label="Ledger entries">
          <DateField source="at" showTime sortable={false} />
          <TextField source="memo" sortable={false} />
          <TextField source="account" sortable={false} />
          <FunctionField<AdminOrderRecord['ledger'][number]>
            label="Amount"
            render={(entry) => signedCents(entry.amount)}
          />
        </RecordTable>
        <RecordTable source="refunds" label="Refunds" empty={<p>No refund</p>}>
          <DateField source="at" showTime sortable={false} />
          <FunctionField<AdminOrderRecord['refunds'][number]>
            label="Amount"
            render={(refund) => formatCents(refund.amount)}
          />
          <TextField source="reason" sortable={false} />
          <TextField source="by" sortable={false} />
        </RecordTable>
      </SimpleShowLayout>
    </ProcessShow>
  );
}
