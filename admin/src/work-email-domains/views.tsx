import { workEmailDomainInputSchema } from '@yardly/shared/contract';
import {
  AutocompleteInput,
  Datagrid,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { formPages } from '../layout/form-pages';
import { validateWith } from '../validate';

const validate = validateWith(workEmailDomainInputSchema);
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="org" source="organizationId" reference="organizations">
    <AutocompleteInput filterToQuery={(q) => ({ q })} />
  </ReferenceInput>,
];

export function DomainList() {
  return (
    <List filters={filters} sort={{ field: 'domain', order: 'ASC' }}>
      <Datagrid rowClick="edit">
        <TextField source="domain" />
        <ReferenceField source="organizationId" reference="organizations" label="Organisation" />
      </Datagrid>
    </List>
  );
}

function DomainForm() {
  return (
    <SimpleForm validate={validate}>
      <TextInput source="domain" helperText="The part after the @ of a work email, e.g. acmehospital.org" />
      <ReferenceInput source="organizationId" reference="organizations">
        <AutocompleteInput label="Organisation" filterToQuery={(q) => ({ q })} />
      </ReferenceInput>
    </SimpleForm>
  );
}

export const { EditPage: DomainEdit, CreatePage: DomainCreate } = formPages(DomainForm);
