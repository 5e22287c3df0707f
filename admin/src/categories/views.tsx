import { categoryInputSchema } from '@yardly/shared/contract';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  Edit,
  List,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextArrayInput,
  TextField,
  TextInput,
} from 'react-admin';
import { validateWith } from '../validate';

const validate = validateWith(categoryInputSchema);
const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The tree: each top-level category followed by its subcategories, in their order. */
export function CategoryList() {
  return (
    <List filters={filters} sort={{ field: 'tree', order: 'ASC' }} perPage={100}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" sortable={false} />
        <ReferenceField
          source="parentId"
          reference="categories"
          label="Parent"
          emptyText="(top level)"
          sortable={false}
        />
        <NumberField source="position" sortable={false} />
        <BooleanField source="shortcut" label="Home shortcut" sortable={false} />
        <BooleanField source="hidden" sortable={false} />
        <NumberField source="listingCount" label="Listings" sortable={false} />
      </Datagrid>
    </List>
  );
}

function CategoryForm() {
  return (
    <SimpleForm validate={validate} defaultValues={{ position: 0, shortcut: false, hidden: false, properties: [] }}>
      <TextInput source="title" />
      <TextInput source="slug" />
      <ReferenceInput source="parentId" reference="categories" filter={{ topLevel: true }} perPage={100}>
        <SelectInput optionText="title" label="Parent" emptyText="(top level)" parse={(v: string) => v || null} />
      </ReferenceInput>
      <NumberInput source="position" />
      <BooleanInput source="shortcut" label="Home shortcut (three at most)" />
      <BooleanInput source="hidden" helperText="A category with listings can be hidden, not deleted" />
      <BooleanInput source="donationAllowed" helperText="Donations may be listed here (and in its subcategories)" />
      <BooleanInput
        source="restrictedElectronics"
        helperText="Used, open box and parts-not-working items: local pickup only, verified work email"
      />
      <ArrayInput source="properties">
        <SimpleFormIterator inline>
          <TextInput source="key" />
          <TextInput source="label" />
          <TextArrayInput source="values" />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}

export function CategoryEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <CategoryForm />
    </Edit>
  );
}

export function CategoryCreate() {
  return (
    <Create redirect="list">
      <CategoryForm />
    </Create>
  );
}
