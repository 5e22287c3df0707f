import { reviewTagEditSchema } from '@yardly/shared/contract';
import { REVIEW_TAGS } from '@yardly/shared/rules';
import {
  Datagrid,
  DateField,
  Edit,
  List,
  NumberField,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
} from 'react-admin';
import { validateWith } from '../validate';

const TAG_CHOICES = REVIEW_TAGS.map((id) => ({ id, name: id }));
const filters = [
  <SelectInput key="tag" source="tag" choices={TAG_CHOICES} alwaysOn />,
  <TextInput key="orderId" source="orderId" label="Order" />,
];
const validate = validateWith(reviewTagEditSchema);

/** Every review, published or not, newest first, with its tag (spec section 4: review, whitelist, blacklist). */
export function ReviewList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <DateField source="createdAt" label="Written" showTime />
        <TextField source="fromEmail" label="From" sortable={false} />
        <TextField source="aboutEmail" label="About" sortable={false} />
        <TextField source="aboutRole" label="As" sortable={false} />
        <NumberField source="rating" />
        <TextField source="feedbackContent" label="Review" sortable={false} />
        <SelectField source="tag" choices={TAG_CHOICES} />
        <DateField source="publishedAt" label="Public from" showTime />
      </Datagrid>
    </List>
  );
}

/**
 * Only the tag changes here (the words and stars are the author's): blacklist hides the review
 * from profiles and from the rating at once; each change is in the audit log.
 */
export function ReviewEdit() {
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm validate={validate}>
        <TextField source="listingTitle" label="Listing" />
        <TextField source="orderId" label="Order" />
        <TextField source="fromEmail" label="From" />
        <TextField source="aboutEmail" label="About" />
        <NumberField source="rating" />
        <TextField source="feedbackContent" label="Review" />
        <SelectInput source="tag" choices={TAG_CHOICES} />
      </SimpleForm>
    </Edit>
  );
}
