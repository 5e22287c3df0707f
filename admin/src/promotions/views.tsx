import type { AdminPromotionRecord, AdminPromotionTotal } from '@yardly/shared/contract';
import { formatCents, PROMOTION_MOVEMENT_LABELS, PROMOTION_MOVEMENTS } from '@yardly/shared/rules';
import { Datagrid, DateField, FunctionField, List, SearchInput, SelectInput, TextField, useGetList } from 'react-admin';
import { signedCents } from '../orders/refund';

const MOVEMENT_CHOICES = PROMOTION_MOVEMENTS.map((id) => ({ id, name: PROMOTION_MOVEMENT_LABELS[id] }));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Email" />,
  <SelectInput key="movement" source="movement" label="Movement" choices={MOVEMENT_CHOICES} alwaysOn />,
];

/** How much each movement came to, and what people still hold: read from `/svc/admin/promotion-totals`. */
function PromotionTotals() {
  const { data, isPending, error } = useGetList<AdminPromotionTotal>('promotion-totals', {
    pagination: { page: 1, perPage: 10 },
  });
  if (isPending) return null;
  if (error || !data) return <p role="alert">The totals could not be loaded.</p>;
  return (
    <table aria-label="Totals" style={{ margin: '1rem', borderCollapse: 'collapse' }}>
      <tbody>
        {data.map((row) => (
          <tr key={row.id}>
            <th scope="row" style={{ textAlign: 'left', paddingRight: '1rem', fontWeight: 500 }}>
              {row.label}
            </th>
            <td style={{ textAlign: 'right', paddingRight: '1rem' }}>{formatCents(row.amount)}</td>
            <td style={{ textAlign: 'right' }}>{row.id === 'outstanding' ? `${row.count} people` : `${row.count}×`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Every movement of people's rewards, newest first, by movement or person, with the totals above. */
export function PromotionList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }} title="Promotion list">
      <PromotionTotals />
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="at" label="When" showTime sortable={false} />
        <TextField source="movementLabel" label="Movement" sortable={false} />
        <TextField source="userEmail" label="Person" sortable={false} />
        <FunctionField<AdminPromotionRecord> label="Amount" sortBy="amount" render={(r) => signedCents(r.amount)} />
        <TextField source="orderRefnum" label="Order" emptyText="—" sortable={false} />
        <TextField source="memo" label="Ledger memo" sortable={false} />
      </Datagrid>
    </List>
  );
}
