import { BANNER_PLACEMENTS } from '@yardly/shared/contract';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  DateField,
  DateTimeInput,
  FormDataConsumer,
  ImageField,
  ImageInput,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { formPages } from '../layout/form-pages';

const PLACEMENT_CHOICES = BANNER_PLACEMENTS.map((id) => ({ id, name: id === 'home_hero' ? 'Home hero' : 'Category' }));

export function BannerList() {
  return (
    <List sort={{ field: 'position', order: 'ASC' }}>
      <Datagrid rowClick="edit">
        <ImageField source="image.src" label="Image" sortable={false} sx={{ '& img': { maxHeight: 48 } }} />
        <TextField source="title" />
        <SelectField source="placement" choices={PLACEMENT_CHOICES} />
        <NumberField source="position" label="Order" />
        <DateField source="startsAt" emptyText="—" />
        <DateField source="endsAt" emptyText="—" />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}

function BannerForm() {
  return (
    <SimpleForm defaultValues={{ placement: 'home_hero', position: 0, active: true }}>
      <ImageInput
        source="image"
        accept={{ 'image/*': ['.jpg', '.jpeg', '.png', '.webp'] }}
        maxSize={5 * 1024 * 1024}
        inputProps={{ 'aria-label': 'Image' }}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      <TextInput source="title" />
      <TextInput source="link" helperText="A path such as /search?q=spring or an https:// address" />
      <SelectInput source="placement" choices={PLACEMENT_CHOICES} />
      <FormDataConsumer>
        {({ formData }) =>
          formData.placement === 'category' && (
            <ReferenceInput source="categoryId" reference="categories" filter={{ topLevel: true }} perPage={100}>
              <SelectInput optionText="title" />
            </ReferenceInput>
          )
        }
      </FormDataConsumer>
      <DateTimeInput source="startsAt" parse={(v: string) => (v ? new Date(v).toISOString() : null)} />
      <DateTimeInput source="endsAt" parse={(v: string) => (v ? new Date(v).toISOString() : null)} />
      <NumberInput source="position" label="Order" />
      <BooleanInput source="active" />
    </SimpleForm>
  );
}

export const { EditPage: BannerEdit, CreatePage: BannerCreate } = formPages(BannerForm);
