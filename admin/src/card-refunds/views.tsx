import { CARD_REFUND_STATUSES } from '@yardly/shared/rules';
import { TextField, TextInput } from 'react-admin';
import { MoneyRetryList } from '../layout/MoneyRetryList';
import { RetryButton } from '../layout/RetryButton';

/**
 * Every refund owed to a buyer's card: `pending` is held by Stripe (its balance cannot cover it
 * yet: top it up), `failed` waits for an admin's Retry once the balance allows.
 */
export function CardRefundList() {
  return (
    <MoneyRetryList
      statuses={CARD_REFUND_STATUSES}
      idFilter={<TextInput key="order" source="orderId" label="Order id" />}
      createdLabel="Owed since"
      before={[
        <TextField key="order" source="orderId" label="Order" sortable={false} />,
        <TextField key="buyer" source="buyerEmail" label="Buyer" sortable={false} />,
      ]}
      failureLabel="Stripe says"
      after={[<TextField key="reason" source="reason" sortable={false} />]}
      retry={<RetryButton resource="card-refunds" done="Refund sent again" />}
    />
  );
}
