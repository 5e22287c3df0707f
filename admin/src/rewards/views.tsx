import type { AdminRewardRecord } from '@yardly/shared/contract';
import { formatCents, REWARD_STATES, type RewardDecision, rewardProcess } from '@yardly/shared/rules';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { ProcessShow } from '../ProcessActions';
import { stateChoices } from '../process-actions';
import { StatusHistory } from '../StatusHistory';
import { DECISION_WORDS, decisionAsk, decisionButtons, decisionRequest } from './decide';

const STATE_CHOICES = stateChoices(REWARD_STATES, rewardProcess);
const SIDE_LABELS = { inviter: 'Inviter', friend: 'Friend' } as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Reward or email" />,
  <SelectInput key="status" source="status" choices={STATE_CHOICES} alwaysOn />,
];

/** Every referral reward, newest first; filter 'Held for review' for the ones to approve or refuse. */
export function RewardList() {
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="Reward" sortable={false} />
        <DateField source="createdAt" label="Created" showTime />
        <TextField source="userEmail" label="Pays" sortable={false} />
        <FunctionField<AdminRewardRecord> label="Side" render={(r) => SIDE_LABELS[r.side]} />
        <FunctionField<AdminRewardRecord> label="Amount" render={(r) => formatCents(r.amount)} />
        <TextField source="inviterEmail" label="Inviter" sortable={false} />
        <TextField source="friendEmail" label="Friend" sortable={false} />
        <TextField source="statusLabel" label="Status" sortBy="status" />
      </Datagrid>
    </List>
  );
}

/** A reward with its referral (inviter, friend, the first listing), the decision on a held one, and its history. */
export function RewardShow() {
  return (
    <ProcessShow<AdminRewardRecord, RewardDecision>
      resource="rewards"
      actions={decisionButtons}
      ask={decisionAsk}
      request={decisionRequest}
      done={(decision) => DECISION_WORDS[decision].done}
    >
      <SimpleShowLayout>
        <TextField source="id" label="Reward" />
        <TextField source="statusLabel" label="Status" />
        <FunctionField<AdminRewardRecord> label="Amount" render={(r) => formatCents(r.amount)} />
        <FunctionField<AdminRewardRecord> label="Side" render={(r) => SIDE_LABELS[r.side]} />
        <TextField source="userEmail" label="Pays" />
        <TextField source="inviterEmail" label="Inviter" />
        <TextField source="friendEmail" label="Friend" />
        <TextField source="listingTitle" label="First listing" emptyText="—" />
        <TextField source="listingRefnum" label="Listing refnum" emptyText="—" />
        <DateField source="heldUntil" label="Held until" showTime emptyText="—" />
        <DateField source="windowEndsAt" label="Reversible until" showTime />
        <TextField source="decidedBy" label="Decided by" emptyText="Not decided" />
        <DateField source="createdAt" label="Created" showTime />
        <StatusHistory />
      </SimpleShowLayout>
    </ProcessShow>
  );
}
