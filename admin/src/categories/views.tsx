import { Typography } from '@mui/material';
import { categoryInputSchema } from '@yardly/shared/contract';
import { type MouseEvent, useMemo } from 'react';
import {
  ArrayInput,
  BooleanField,
  BooleanInput,
  Datagrid,
  Link,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextArrayInput,
  TextField,
  TextInput,
  useCreatePath,
  useGetMany,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { formPages } from '../layout/form-pages';
import { validateWith } from '../validate';

const validate = validateWith(categoryInputSchema);
const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** The tree: each top-level category followed by its subcategories, in their order. */
export function CategoryList() {
  return (
    <List filters={filters} sort={{ field: 'tree', order: 'ASC' }} perPage={100}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" sortable={false} />
        <ParentTitleField label="Parent" />
        <NumberField source="position" sortable={false} />
        <BooleanField source="shortcut" label="Home shortcut" sortable={false} />
        <BooleanField source="hidden" sortable={false} />
        <NumberField source="listingCount" label="Listings" sortable={false} />
      </Datagrid>
    </List>
  );
}

interface CategoryRow {
  id: string;
  title: string;
  parentId: string | null;
}

/**
 * A row's parent category by title. One call for the parents of the whole page: a
 * ReferenceField per row resolves each row in a commit of its own, and with a page of 100 rows
 * React gave up with 'Maximum update depth exceeded' (minified error #185, issue 33).
 */
function ParentTitleField(_: { label: string }) {
  const record = useRecordContext<CategoryRow>();
  const { data } = useListContext<CategoryRow>();
  const ids = useMemo(
    () => [...new Set((data ?? []).flatMap((row) => (row.parentId ? [row.parentId] : [])))].sort(),
    [data],
  );
  const { data: parents } = useGetMany<CategoryRow>('categories', { ids }, { enabled: ids.length > 0 });
  const createPath = useCreatePath();
  if (!record?.parentId) {
    return (
      <Typography component="span" variant="body2">
        (top level)
      </Typography>
    );
  }
  const title = parents?.find((parent) => parent.id === record.parentId)?.title ?? '';
  // A link to the parent, as the ReferenceField was: on a phone the table scrolls sideways, and
  // a scrolling region needs something a keyboard can reach (axe scrollable-region-focusable).
  return (
    <Link
      to={createPath({ resource: 'categories', id: record.parentId, type: 'edit' })}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {title}
    </Link>
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

export const { EditPage: CategoryEdit, CreatePage: CategoryCreate } = formPages(CategoryForm);
