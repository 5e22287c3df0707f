import { formatCents } from '@yardly/shared/rules';
import type { ReactElement, ReactNode } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  NumberField,
  SelectInput,
  TextField,
  WrapperField,
} from 'react-admin';

/**
 * One list for money the console sends again when it failed (payouts to sellers, refunds to
 * buyers' cards): filtered by status and one id, newest first, each row's amount, status, the
 * provider's failure, attempts and last change, and a Retry column. The configurations name what
 * differs: the status list, the id filter, the columns before the amount and after the failure.
 */
export function MoneyRetryList({
  statuses,
  idFilter,
  createdLabel,
  before,
  failureLabel,
  after = [],
  retry,
}: {
  statuses: readonly string[];
  idFilter: ReactElement;
  createdLabel: string;
  before: ReactElement[];
  failureLabel?: string;
  after?: ReactElement[];
  retry: ReactNode;
}) {
  const filters = [
    <SelectInput key="status" source="status" alwaysOn choices={statuses.map((id) => ({ id, name: id }))} />,
    idFilter,
  ];
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="createdAt" label={createdLabel} showTime />
        {before}
        <FunctionField<{ amount: number }> label="Amount" sortBy="amount" render={(r) => formatCents(r.amount)} />
        <TextField source="status" />
        <TextField source="failure" label={failureLabel} emptyText="" sortable={false} />
        {after}
        <NumberField source="attempts" sortable={false} />
        <DateField source="updatedAt" label="Last change" showTime />
        <WrapperField label="Retry">{retry}</WrapperField>
      </Datagrid>
    </List>
  );
}
