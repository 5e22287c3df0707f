import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';

const RESOURCES = ['categories', 'listings', 'reports', 'banners', 'work-email-domains', 'organizations', 'users'];
const filters = [
  <SelectInput key="resource" source="resource" choices={RESOURCES.map((id) => ({ id, name: id }))} alwaysOn />,
  <TextInput key="recordId" source="recordId" label="Record id" />,
];

const asJson = (value: unknown) => <pre style={{ margin: 0, fontSize: 12 }}>{JSON.stringify(value, null, 2)}</pre>;

/** Read only: who changed what, when, and the record before and after. */
export function AuditList() {
  return (
    <List filters={filters} sort={{ field: 'id', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="at" showTime />
        <TextField source="actorEmail" label="Who" />
        <TextField source="action" sortable={false} />
        <TextField source="resource" />
        <TextField source="recordId" label="Record" sortable={false} />
      </Datagrid>
    </List>
  );
}

export function AuditShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="at" showTime />
        <TextField source="actorEmail" label="Who" />
        <TextField source="action" />
        <TextField source="resource" />
        <TextField source="recordId" />
        <FunctionField label="Before" render={(r) => asJson(r.before)} />
        <FunctionField label="After" render={(r) => asJson(r.after)} />
      </SimpleShowLayout>
    </Show>
  );
}
