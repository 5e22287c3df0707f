import type { AdminReferralFarmingRecord } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import { Datagrid, DateField, FunctionField, Link, List, NumberField, SearchInput, TextField } from 'react-admin';

const filters = [<SearchInput key="q" source="q" alwaysOn placeholder="Inviter email" />];

/** The inviter's rewards still held 72 hours, in Rewards, where each can be voided. */
function HeldRewardsLink({ record }: { record: AdminReferralFarmingRecord }) {
  if (record.heldRewards === 0) return <span>None</span>;
  const filter = encodeURIComponent(JSON.stringify({ inviter: record.id, status: 'pending' }));
  return (
    <Link to={`/rewards?filter=${filter}`}>
      {record.heldRewards} held ({formatCents(record.heldAmount)})
    </Link>
  );
}

/**
 * Every inviter with the friends they brought and the signs of farming among them (a device
 * shared with the inviter or another friend, one sign-up address, an unverified email), most
 * flagged first. Read-only: the held rewards are voided from Rewards.
 */
export function ReferralFarmingList() {
  return (
    <List filters={filters} sort={{ field: 'flagged', order: 'DESC' }} title="Referral farming">
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="inviterEmail" label="Inviter" sortable={false} />
        <NumberField source="referred" label="Friends" />
        <NumberField source="flagged" label="Flagged" />
        <NumberField source="sharedDevice" label="Shared device" sortable={false} />
        <NumberField source="sharedAddress" label="Shared address" sortable={false} />
        <NumberField source="unverified" label="Unverified email" sortable={false} />
        <NumberField source="blocked" label="Blocked" sortable={false} />
        <FunctionField<AdminReferralFarmingRecord>
          label="Held rewards"
          sortBy="heldAmount"
          render={(record) => <HeldRewardsLink record={record} />}
        />
        <DateField source="lastReferredAt" label="Last friend" showTime />
      </Datagrid>
    </List>
  );
}
