import { userInputSchema } from '@yardly/shared/contract';
import { USER_ROLES } from '@yardly/shared/rules';
import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Datagrid,
  DateField,
  Edit,
  List,
  NullableBooleanInput,
  ReferenceField,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';
import { validateWith } from '../validate';

const ROLE_CHOICES = USER_ROLES.map((id) => ({ id, name: id }));
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={ROLE_CHOICES} />,
  <NullableBooleanInput key="blocked" source="blocked" />,
];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="email" />
        <TextField source="nameFirst" />
        <TextField source="nameLast" />
        <TextField source="roles" sortable={false} />
        <BooleanField source="blocked" />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}

export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm validate={validateWith(userInputSchema)}>
        <TextInput source="email" disabled />
        <CheckboxGroupInput source="roles" choices={ROLE_CHOICES} />
        <BooleanInput source="blocked" helperText="A blocked person is signed out everywhere at once" />
      </SimpleForm>
    </Edit>
  );
}

export function UserShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="email" />
        <TextField source="nameFirst" />
        <TextField source="nameLast" />
        <TextField source="roles" />
        <BooleanField source="blocked" />
        <ReferenceField source="organizationId" reference="organizations" emptyText="None" />
      </SimpleShowLayout>
    </Show>
  );
}
