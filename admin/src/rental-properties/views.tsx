import { type RentalPropertyRecord, rentalPropertyInputSchema } from '@yardly/shared/contract';
import { RENTAL_PROPERTY_KINDS, type RentalPropertyKind } from '@yardly/shared/rules';
import {
  Datagrid,
  List,
  NumberField,
  NumberInput,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { formPages } from '../layout/form-pages';
import { validateWith } from '../validate';

const KIND_LABELS: Record<RentalPropertyKind, string> = {
  propertyType: 'Property type',
  parking: 'Parking',
  laundry: 'Laundry',
  leaseMonths: 'Lease length (months)',
};
const KIND_CHOICES = RENTAL_PROPERTY_KINDS.map((id) => ({ id, name: KIND_LABELS[id] }));

const validate = validateWith(rentalPropertyInputSchema);
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Value or label" />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} alwaysOn label="List" />,
];

/** The rental form's lists, each in the form's order. */
export function RentalPropertyList() {
  return (
    <List filters={filters} sort={{ field: 'kind', order: 'ASC' }} perPage={100}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <SelectField source="kind" label="List" choices={KIND_CHOICES} />
        <TextField source="label" />
        <TextField source="value" />
        <NumberField source="position" />
        <NumberField source="useCount" label="Listings using it" />
      </Datagrid>
    </List>
  );
}

/** A value rentals carry is kept as it is (the api refuses a change or delete, saying how many use it). */
function ValueInput() {
  const record = useRecordContext<RentalPropertyRecord>();
  const used = record?.useCount ?? 0;
  return (
    <TextInput
      source="value"
      helperText={
        used > 0
          ? `Used by ${used} ${used === 1 ? 'listing' : 'listings'}: the value and list stay; the label can change`
          : 'What a rental stores: lowercase letters, digits, hyphens, underscores (a lease length: its months)'
      }
    />
  );
}

function RentalPropertyForm() {
  return (
    <SimpleForm validate={validate} defaultValues={{ position: 0 }}>
      <SelectInput source="kind" label="List" choices={KIND_CHOICES} />
      <ValueInput />
      <TextInput source="label" helperText="What the form and the filters show" />
      <NumberInput source="position" helperText="Lower comes first in its list" />
    </SimpleForm>
  );
}

export const { EditPage: RentalPropertyEdit, CreatePage: RentalPropertyCreate } = formPages(RentalPropertyForm);
