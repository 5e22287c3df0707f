import { Datagrid, DateField, List, NumberField, SelectInput, TextField, TextInput } from 'react-admin';

const STATES = ['queued', 'done', 'dead'] as const;

const filters = [
  <SelectInput key="state" source="state" alwaysOn choices={STATES.map((id) => ({ id, name: id }))} />,
  <TextInput key="name" source="name" label="Job" />,
];

/** The background jobs, newest due first; filter on `dead` for the work given up and why. */
export function JobList() {
  return (
    <List filters={filters} filterDefaultValues={{ state: 'dead' }} sort={{ field: 'runAt', order: 'DESC' }}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="runAt" label="Due" showTime />
        <TextField source="name" label="Job" />
        <TextField source="state" />
        <NumberField source="attempts" sortable={false} />
        <TextField source="lastError" label="Last error" emptyText="" sortable={false} />
        <TextField source="payload" sortable={false} />
        <DateField source="doneAt" label="Ended" showTime emptyText="" />
      </Datagrid>
    </List>
  );
}
