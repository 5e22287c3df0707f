import { type B2BMarketplaceRecord, b2bMarketplaceInputSchema, DEFAULT_BRAND_COLOR } from '@yardly/shared/contract';
import { clientPath } from '@yardly/shared/rules';
import {
  Datagrid,
  Edit,
  FunctionField,
  Labeled,
  List,
  NumberField,
  SearchInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';
import { validateWith } from '../validate';
import { LogoUpload } from './LogoUpload';

const validate = validateWith(b2bMarketplaceInputSchema);
const filters = [<SearchInput key="q" source="q" alwaysOn />];

// Fields as elements, not components of their own: a Datagrid and a show layout read each
// child's own `label` and `source` for its column header and caption.

/** `/client/{orgName}`: where the organisation's landing page and its members' marketplace live. */
const address = (
  <FunctionField<B2BMarketplaceRecord> label="Address" source="orgName" render={(r) => clientPath(r.orgName)} />
);

const domains = (
  <FunctionField<B2BMarketplaceRecord>
    label="Work-email domains"
    source="domains"
    sortable={false}
    render={(r) => (r.domains.length ? r.domains.join(', ') : 'None yet: add them under Work-email domains')}
  />
);

/** Colour swatch beside the colour's code. */
const brandColor = (
  <FunctionField<B2BMarketplaceRecord>
    label="Colour"
    source="brandColor"
    render={(r) => (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <span
          aria-hidden="true"
          style={{ width: 16, height: 16, borderRadius: 3, background: r.brandColor, border: '1px solid #767676' }}
        />
        {r.brandColor}
      </span>
    )}
  />
);

/** The B2B organisations' marketplaces (`/b2b`): an organisation becomes B2B on its organisations record. */
export function B2BList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} title="B2B marketplaces">
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        {address}
        {brandColor}
        <NumberField source="memberCount" label="Verified members" />
        <NumberField source="listingCount" label="Live listings" />
      </Datagrid>
    </List>
  );
}

/** What this view shows but does not change: each labelled, in a form as on the show page. */
function ReadOnlyFacts() {
  return (
    <>
      <Labeled>
        <TextField source="name" />
      </Labeled>
      <Labeled>{address}</Labeled>
      <Labeled>
        <TextField source="status" />
      </Labeled>
      <Labeled>{domains}</Labeled>
      <Labeled>
        <NumberField source="memberCount" label="Verified members" />
      </Labeled>
      <Labeled>
        <NumberField source="listingCount" label="Live listings" />
      </Labeled>
    </>
  );
}

// A logo upload refetches the record; what was typed and not saved yet stays in the form.
const KEEP_TYPED = { keepDirtyValues: true } as const;

export function B2BEdit() {
  return (
    <Edit mutationMode="pessimistic" title="B2B marketplace">
      <SimpleForm validate={validate} defaultValues={{ brandColor: DEFAULT_BRAND_COLOR }} resetOptions={KEEP_TYPED}>
        <ReadOnlyFacts />
        <LogoUpload />
        <TextInput
          source="welcomeText"
          label="Welcome text"
          multiline
          minRows={3}
          fullWidth
          helperText="What guests read on the landing page, above the work-email sign-up"
        />
        <TextInput source="brandColor" label="Colour" helperText="The landing page's colour, such as #1f6f43" />
      </SimpleForm>
    </Edit>
  );
}

export function B2BShow() {
  return (
    <Show title="B2B marketplace">
      <SimpleShowLayout>
        <ReadOnlyFacts />
        <LogoUpload />
        <Labeled>
          <TextField source="welcomeText" label="Welcome text" emptyText="—" />
        </Labeled>
        <Labeled>{brandColor}</Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
