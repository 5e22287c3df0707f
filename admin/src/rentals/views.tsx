import type { AdminRentalEvent, AdminRentalRecord } from '@yardly/shared/contract';
import { bathroomsLabel, bedroomsLabel, formatCents, RENTAL_STATES, rentalProcess } from '@yardly/shared/rules';
import {
  BooleanField,
  Datagrid,
  DateField,
  FunctionField,
  ImageField,
  Link,
  List,
  NumberField,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';
import { ProcessShow } from '../ProcessActions';
import { stateChoices } from '../process-actions';
import { StatusHistory } from '../StatusHistory';
import { RENTAL_MODERATION_DONE, rentalModerationEvents, rentalModerationRequest } from './moderation';

const STATE_CHOICES = stateChoices(RENTAL_STATES, rentalProcess);

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Title or refnum" />,
  <SelectInput key="state" source="state" choices={STATE_CHOICES} alwaysOn />,
  <TextInput key="zip" source="zip" label="Zip" />,
  <TextInput key="landlord" source="landlord" label="Landlord email or id" />,
];

const rent = (r: AdminRentalRecord) => `${formatCents(r.rentCents)} / month`;
const rooms = (r: AdminRentalRecord) => `${bedroomsLabel(r.bedrooms)}, ${bathroomsLabel(r.bathrooms)}`;

/** The rental listings in the catalogue, the most recently listed first. */
export function RentalList() {
  return (
    <List filters={filters} sort={{ field: 'listedAt', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="title" />
        <TextField source="landlordEmail" label="Landlord" sortBy="landlordEmail" />
        <FunctionField<AdminRentalRecord>
          label="Place"
          render={(r) => `${r.city}, ${r.region} ${r.zip}`}
          sortBy="zip"
        />
        <FunctionField<AdminRentalRecord> label="Rooms" render={rooms} sortable={false} />
        <FunctionField<AdminRentalRecord> source="rentCents" label="Rent" render={rent} />
        <SelectField source="state" choices={STATE_CHOICES} />
        <NumberField source="openReports" label="Open reports" />
        <DateField source="listedAt" label="Listed" emptyText="Never (draft)" />
      </Datagrid>
    </List>
  );
}

/** The open reports about this rental, in the rental report queue. */
function ReportsLink() {
  const record = useRecordContext<AdminRentalRecord>();
  if (!record) return null;
  const filter = encodeURIComponent(JSON.stringify({ rentalId: record.id, status: 'open' }));
  return (
    <Link to={`/rental-reports?filter=${filter}`}>
      {record.openReports === 1 ? '1 open report' : `${record.openReports} open reports`}
    </Link>
  );
}

/** Every fact of a rental, the street line even when hidden from the public, with the moderator's buttons. */
export function RentalShow() {
  return (
    <ProcessShow<AdminRentalRecord, AdminRentalEvent>
      resource="rentals"
      actions={rentalModerationEvents}
      request={rentalModerationRequest}
      done={(event) => RENTAL_MODERATION_DONE[event]}
    >
      <SimpleShowLayout>
        <TextField source="id" label="Refnum" />
        <TextField source="title" />
        <SelectField source="state" choices={STATE_CHOICES} />
        <ReportsLink />
        <TextField source="description" />
        <TextField source="propertyType" label="Property type" />
        <FunctionField<AdminRentalRecord> label="Rooms" render={rooms} />
        <NumberField source="squareFeet" label="Square feet" emptyText="Not given" />
        <FunctionField<AdminRentalRecord> label="Rent" render={rent} />
        <FunctionField<AdminRentalRecord> label="Deposit" render={(r) => formatCents(r.depositCents)} />
        <TextField source="availableFrom" label="Available from" />
        <NumberField source="leaseMonths" label="Lease (months)" />
        <BooleanField source="cats" />
        <BooleanField source="dogs" />
        <TextField source="parking" />
        <TextField source="laundry" />
        <BooleanField source="furnished" />
        <BooleanField source="utilitiesIncluded" label="Utilities included" />
        <TextField source="line1" label="Street line" emptyText="Not given" />
        <BooleanField source="showStreet" label="Street line shown to the public" />
        <FunctionField<AdminRentalRecord> label="Place" render={(r) => `${r.city}, ${r.region} ${r.zip}`} />
        <TextField source="landlordName" label="Landlord" />
        <TextField source="landlordEmail" label="Landlord email" />
        <TextField source="landlordId" label="Landlord id" />
        <ImageField source="photos" src="src" title="Rental photo" label="Photos" />
        <DateField source="listedAt" label="Listed" showTime emptyText="Never (draft)" />
        <DateField source="createdAt" label="Created" showTime />
        <StatusHistory />
      </SimpleShowLayout>
    </ProcessShow>
  );
}
