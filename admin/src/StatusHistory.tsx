import { DateField, TextField } from 'react-admin';
import { RecordTable } from './layout/RecordTable';

/** A process's steps on a record (`history`: event, status, when, by whom), as the orders and returns show them. */
export function StatusHistory() {
  return (
    <RecordTable source="history" label="Status history">
      <DateField source="at" showTime sortable={false} />
      <TextField source="event" sortable={false} />
      <TextField source="status" sortable={false} />
      <TextField source="by" emptyText="Yardly" sortable={false} />
    </RecordTable>
  );
}
