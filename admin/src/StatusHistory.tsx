import { ArrayField, Datagrid, DateField, TextField } from 'react-admin';
import { ScrollRegion } from './layout/ScrollRegion';

/** A process's steps on a record (`history`: event, status, when, by whom), as the orders and returns show them. */
export function StatusHistory() {
  return (
    <ArrayField source="history" label="Status history">
      <ScrollRegion label="Status history">
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <DateField source="at" showTime sortable={false} />
          <TextField source="event" sortable={false} />
          <TextField source="status" sortable={false} />
          <TextField source="by" emptyText="Yardly" sortable={false} />
        </Datagrid>
      </ScrollRegion>
    </ArrayField>
  );
}
