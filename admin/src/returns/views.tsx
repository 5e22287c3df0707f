import type { AdminReturnRecord } from '@yardly/shared/contract';
import { formatCents, RETURN_STATES, returnProcess } from '@yardly/shared/rules';
import {
  Datagrid,
  DateField,
  FunctionField,
  Labeled,
  List,
  ReferenceField,
  SearchInput,
  SelectInput,
  SimpleShowLayout,
  TextField,
} from 'react-admin';
import { ProcessShow } from '../ProcessActions';
import { stateChoices } from '../process-actions';
import { StatusHistory } from '../StatusHistory';
import { DECISION_WORDS, decisionAsk, decisionButtons, decisionRequest, type ReturnDecisionEvent } from './decide';

const STATE_CHOICES = stateChoices(RETURN_STATES, returnProcess);

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Return, order, listing or person" />,
  <SelectInput key="status" source="status" choices={STATE_CHOICES} alwaysOn />,
];

/** The Returns queue: the disputed ones first by default, each decided on its page. */
export function ReturnList() {
  return (
    <List filters={filters} filterDefaultValues={{ status: 'disputed' }} sort={{ field: 'createdAt', order: 'ASC' }}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="id" label="Return" sortable={false} />
        <DateField source="createdAt" label="Requested" showTime />
        <TextField source="listingTitle" label="Listing" sortable={false} />
        <TextField source="reasonLabel" label="Reason" sortable={false} />
        <TextField source="buyerEmail" label="Buyer" sortable={false} />
        <TextField source="sellerEmail" label="Seller" sortable={false} />
        <TextField source="statusLabel" label="Status" sortBy="status" />
      </Datagrid>
    </List>
  );
}

/** A return with what the buyer wrote and showed, its label, the decision and its history. */
export function ReturnShow() {
  return (
    <ProcessShow<AdminReturnRecord, ReturnDecisionEvent>
      resource="returns"
      actions={decisionButtons}
      ask={decisionAsk}
      request={(event, _record, note) => decisionRequest(event, note)}
      done={(event) => DECISION_WORDS[event].done}
    >
      <SimpleShowLayout>
        <TextField source="id" label="Return" />
        <TextField source="statusLabel" label="Status" />
        <ReferenceField source="orderId" reference="orders" link="show" label="Order" />
        <TextField source="listingTitle" label="Listing" />
        <TextField source="buyerEmail" label="Buyer" />
        <TextField source="sellerEmail" label="Seller" />
        <FunctionField<AdminReturnRecord> label="Item price" render={(r) => formatCents(r.itemPrice)} />
        <TextField source="reasonLabel" label="Reason" />
        <TextField source="text" label="What is wrong" />
        <Labeled label="Photos">
          <FunctionField<AdminReturnRecord>
            render={(r) =>
              r.photos.length === 0 ? (
                'No photo'
              ) : (
                <span style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                  {r.photos.map((p) => (
                    <a key={p.picno} href={p.url} target="_blank" rel="noreferrer">
                      <img
                        src={`${p.url}?w=160&h=160`}
                        width={80}
                        height={80}
                        alt={`What the buyer showed, ${p.picno} of ${r.photos.length}`}
                      />
                    </a>
                  ))}
                </span>
              )
            }
          />
        </Labeled>
        <TextField source="trackingNumber" label="Return tracking number" emptyText="No label yet" />
        <FunctionField<AdminReturnRecord>
          label="Return label"
          render={(r) =>
            r.labelUrl ? (
              // Signed for the label's owner (a new tab has no token); reload the page for a fresh one after 5 minutes.
              <a href={r.labelUrl} target="_blank" rel="noreferrer">
                Open the return label (PDF)
              </a>
            ) : (
              'No label yet'
            )
          }
        />
        <TextField source="decidedBy" label="Decided by" emptyText="Not decided" />
        <TextField source="decisionNote" label="Decision note" emptyText="—" />
        <FunctionField<AdminReturnRecord>
          label="Refund"
          render={(r) => (r.refund === null ? 'Not refunded' : formatCents(r.refund))}
        />
        <StatusHistory />
      </SimpleShowLayout>
    </ProcessShow>
  );
}
