import {
  Datagrid,
  DateField,
  List,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
} from 'react-admin';
import { RecordTable } from '../layout/RecordTable';

const filters = [<TextInput key="listingId" source="listingId" label="Listing refnum" alwaysOn />];

/** Conversations about reported listings (the api shows no other), latest first. */
export function ConversationList() {
  return (
    <List filters={filters} sort={{ field: 'lastMessageAt', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="listingTitle" label="Listing" sortable={false} />
        <TextField source="buyerEmail" label="Buyer" sortable={false} />
        <TextField source="sellerEmail" label="Seller" sortable={false} />
        <NumberField source="messageCount" label="Lines" sortable={false} />
        <DateField source="lastMessageAt" label="Last line" showTime />
      </Datagrid>
    </List>
  );
}

/** One conversation, read-only: its latest lines, oldest first, shown as text (React escapes them). */
export function ConversationShow() {
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <ReferenceField source="listingId" reference="listings" link="show" />
        <TextField source="buyerEmail" label="Buyer" />
        <TextField source="sellerEmail" label="Seller" />
        <RecordTable source="messages" label="Lines">
          <DateField source="createdAt" showTime sortable={false} />
          <TextField source="from" sortable={false} />
          <TextField source="text" sortable={false} />
        </RecordTable>
      </SimpleShowLayout>
    </Show>
  );
}
