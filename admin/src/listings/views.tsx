import { ADMIN_LISTING_STATUSES } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import {
  BooleanField,
  BooleanInput,
  BulkDeleteButton,
  BulkUpdateButton,
  Datagrid,
  DateField,
  Edit,
  FunctionField,
  ImageField,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';

const STATUS_CHOICES = ADMIN_LISTING_STATUSES.map((id) => ({ id, name: id }));
const MODERATION_CHOICES = STATUS_CHOICES.filter((c) => c.id === 'active' || c.id === 'inactive');

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title" />,
  <TextInput key="seller" source="seller" label="Seller email or id" />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
  <ReferenceInput key="category" source="categoryId" reference="categories" filter={{ topLevel: true }} perPage={100}>
    <SelectInput optionText="title" label="Category" />
  </ReferenceInput>,
  <NullableBooleanInput key="featured" source="featured" />,
  <NullableBooleanInput key="deleted" source="deleted" />,
];

/** Bulk moderation: each is one PUT per listing (ra-data-simple-rest), each audited. */
function BulkActions() {
  return (
    <>
      <BulkUpdateButton label="Feature" data={{ featured: true }} mutationMode="pessimistic" />
      <BulkUpdateButton label="Unfeature" data={{ featured: false }} mutationMode="pessimistic" />
      <BulkUpdateButton label="Deactivate" data={{ status: 'inactive' }} mutationMode="pessimistic" />
      <BulkDeleteButton mutationMode="pessimistic" />
    </>
  );
}

export function ListingList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} filterDefaultValues={{ deleted: false }}>
      <Datagrid rowClick="show" bulkActionButtons={<BulkActions />}>
        <TextField source="title" />
        <TextField source="sellerEmail" label="Seller" />
        <ReferenceField source="categoryId" reference="categories" sortable={false} />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <FunctionField source="priceCents" label="Price" render={(r) => formatCents(r.priceCents)} />
        <BooleanField source="featured" />
        <BooleanField source="deleted" sortable={false} />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}

export function ListingShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="description" />
        <TextField source="sellerEmail" label="Seller" />
        <ReferenceField source="categoryId" reference="categories" />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <BooleanField source="featured" />
        <BooleanField source="deleted" />
        <BooleanField source="sold" />
        <ImageField source="photos" src="src" label="Photos" />
      </SimpleShowLayout>
    </Show>
  );
}

export function ListingEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <TextInput source="title" disabled />
        <SelectInput source="status" choices={MODERATION_CHOICES} helperText="Deactivate or reactivate" />
        <BooleanInput source="featured" label="Featured on the home page" />
        <BooleanInput source="deleted" label="Deleted (hidden everywhere, kept for records)" />
      </SimpleForm>
    </Edit>
  );
}
