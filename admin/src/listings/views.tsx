import { ADMIN_LISTING_STATUSES, type AdminListingEvent, type AdminListingRecord } from '@yardly/shared/contract';
import { formatCents, LISTING_STATES, listingProcess } from '@yardly/shared/rules';
import {
  BooleanField,
  BooleanInput,
  BulkDeleteButton,
  BulkUpdateButton,
  Datagrid,
  DateField,
  Edit,
  EditButton,
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
  TopToolbar,
} from 'react-admin';
import { ProcessActions } from '../ProcessActions';
import { stateChoices } from '../process-actions';
import { moderationEvents, moderationRequest } from './moderation';

const STATUS_CHOICES = ADMIN_LISTING_STATUSES.map((id) => ({ id, name: id }));
// The listing's life; deactivating, removing and restoring are the buttons the process allows.
const STATE_CHOICES = stateChoices(LISTING_STATES, listingProcess);

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
        <SelectField source="state" choices={STATE_CHOICES} sortBy="status" />
        <FunctionField source="priceCents" label="Price" render={(r) => formatCents(r.priceCents)} />
        <BooleanField source="featured" />
        <BooleanField source="deleted" sortable={false} />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}

function ShowActions() {
  return (
    <TopToolbar>
      <ProcessActions<AdminListingRecord, AdminListingEvent>
        resource="listings"
        actions={moderationEvents}
        request={moderationRequest}
        done={() => 'Listing updated'}
      />
      <EditButton />
    </TopToolbar>
  );
}

export function ListingShow() {
  return (
    <Show actions={<ShowActions />}>
      <SimpleShowLayout>
        <TextField source="title" />
        <TextField source="description" />
        <TextField source="sellerEmail" label="Seller" />
        <ReferenceField source="categoryId" reference="categories" />
        <SelectField source="state" choices={STATE_CHOICES} />
        <BooleanField source="featured" />
        <BooleanField source="deleted" />
        <BooleanField source="sold" />
        <ImageField source="photos" src="src" title="Listing photo" label="Photos" />
      </SimpleShowLayout>
    </Show>
  );
}

export function ListingEdit() {
  return (
    <Edit mutationMode="pessimistic" actions={<ShowActions />}>
      <SimpleForm>
        <TextInput source="title" disabled />
        <SelectField source="state" choices={STATE_CHOICES} />
        <BooleanInput source="featured" label="Featured on the home page" />
      </SimpleForm>
    </Edit>
  );
}
