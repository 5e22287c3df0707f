import { Datagrid, DateField, List, TextField } from 'react-admin';

/** Stripe's word on payouts Yardly never made (an account still on automatic payouts, the dashboard): to look into. */
export function ForeignPayoutList() {
  return (
    <List sort={{ field: 'receivedAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="receivedAt" label="Received" showTime />
        <TextField source="type" label="Event" sortable={false} />
        <TextField source="providerPayoutId" label="Stripe payout" sortable={false} />
        <TextField source="account" label="Connected account" sortable={false} />
        <TextField source="eventId" label="Stripe event" sortable={false} />
      </Datagrid>
    </List>
  );
}
