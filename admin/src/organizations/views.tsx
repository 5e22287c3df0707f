import { organizationInputSchema } from '@yardly/shared/contract';
import { ORGANISATION_KINDS, ORGANISATION_STATUSES, type OrganisationKind } from '@yardly/shared/rules';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  List,
  NumberField,
  ReferenceManyField,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';
import { ScrollRegion } from '../layout/ScrollRegion';
import { validateWith } from '../validate';

const STATUS_CHOICES = ORGANISATION_STATUSES.map((id) => ({ id, name: id }));
/** What a person reads for a kind: a charity's verified members may request donations (issue 21). */
const KIND_NAMES: Record<OrganisationKind, string> = { company: 'Company', charity: 'Charity' };
const KIND_CHOICES = ORGANISATION_KINDS.map((id) => ({ id, name: KIND_NAMES[id] }));
const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} />,
];
const validate = validateWith(organizationInputSchema);

export function OrganizationList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <SelectField source="kind" choices={KIND_CHOICES} />
        <BooleanField source="isB2B" label="B2B" />
        <NumberField source="memberCount" label="Members" />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}

function OrganizationForm() {
  return (
    <SimpleForm validate={validate} defaultValues={{ status: 'IN_REVIEW', isB2B: false, kind: 'company' }}>
      <TextInput source="name" helperText="Also its /client/{name} address: letters, digits, spaces, hyphens" />
      <SelectInput source="status" choices={STATUS_CHOICES} />
      <SelectInput
        source="kind"
        choices={KIND_CHOICES}
        helperText="The members of a VERIFIED charity, with a verified work email, may request donations"
      />
      <BooleanInput
        source="isB2B"
        label="B2B"
        helperText="A marketplace of its own at /client/{name} for its verified members: VERIFIED organisations only"
      />
    </SimpleForm>
  );
}

function Members() {
  return (
    <ReferenceManyField label="Members" reference="users" target="organizationId">
      {/* A member's email and names are wider than a phone: the table scrolls, not the page. */}
      <ScrollRegion label="Members">
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="email" />
          <TextField source="nameFirst" />
          <TextField source="nameLast" />
        </Datagrid>
      </ScrollRegion>
    </ReferenceManyField>
  );
}

export function OrganizationEdit() {
  return (
    <Edit mutationMode="pessimistic" aside={<Members />}>
      <OrganizationForm />
    </Edit>
  );
}

export function OrganizationCreate() {
  return (
    <Create redirect="list">
      <OrganizationForm />
    </Create>
  );
}

export function OrganizationShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="name" />
        <TextField source="slug" label="Address name" />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <SelectField source="kind" choices={KIND_CHOICES} />
        <BooleanField source="isB2B" label="B2B" />
        <Members />
      </SimpleShowLayout>
    </Show>
  );
}
