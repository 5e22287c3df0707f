import { type OrganizationRecord, organizationInputSchema } from '@yardly/shared/contract';
import {
  ORGANISATION_KINDS,
  ORGANISATION_STATUSES,
  type OrganisationKind,
  organisationProcess,
} from '@yardly/shared/rules';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateField,
  Edit,
  EditButton,
  List,
  NumberField,
  ReferenceManyField,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  ShowButton,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { ScrollRegion } from '../layout/ScrollRegion';
import { ProcessActions } from '../ProcessActions';
import { validateWith } from '../validate';
import {
  type ConsoleOrganisationEvent,
  reachableStatuses,
  verificationButtons,
  verificationDone,
  verificationRequest,
} from './verification';

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

/**
 * The organisation's fields. Its status is chosen freely only when the console registers it;
 * after that the form offers the statuses its verification may reach (the organisation process,
 * ADR 0070: saving one is that event), as the toolbar's buttons do.
 */
function OrganizationForm({ registering = false }: { registering?: boolean }) {
  return (
    <SimpleForm validate={validate} defaultValues={{ status: 'IN_REVIEW', isB2B: false, kind: 'company' }}>
      <TextInput source="name" helperText="Also its /client/{name} address: letters, digits, spaces, hyphens" />
      {registering ? <SelectInput source="status" choices={STATUS_CHOICES} /> : <ReachableStatusInput />}
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

function ReachableStatusInput() {
  const record = useRecordContext<OrganizationRecord>();
  const choices = record ? reachableStatuses(record).map((id) => ({ id, name: id })) : STATUS_CHOICES;
  return (
    <SelectInput
      source="status"
      choices={choices}
      helperText="Saving another status verifies, rejects or sends it back to review"
    />
  );
}

/** Verify, reject or send back to review, as the record's `actions` allow, beside the way to the other view. */
function VerificationActions({ other }: { other: 'show' | 'edit' }) {
  return (
    <TopToolbar>
      {other === 'show' ? <ShowButton /> : <EditButton />}
      <ProcessActions<OrganizationRecord, ConsoleOrganisationEvent>
        resource="organizations"
        actions={verificationButtons}
        request={verificationRequest}
        done={verificationDone}
        ask={(event, record) => ({
          title: `${organisationProcess.events[event].label}: ${record.name}`,
          content: 'Its members are told, and their access follows at their next request.',
          confirm: organisationProcess.events[event].label,
        })}
      />
    </TopToolbar>
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
    <Edit mutationMode="pessimistic" aside={<Members />} actions={<VerificationActions other="show" />}>
      <OrganizationForm />
    </Edit>
  );
}

export function OrganizationCreate() {
  return (
    <Create redirect="list">
      <OrganizationForm registering />
    </Create>
  );
}

export function OrganizationShow() {
  return (
    <Show actions={<VerificationActions other="edit" />}>
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
