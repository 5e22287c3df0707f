import type { AdminPayoutRecord } from '@yardly/shared/contract';
import { PAYOUT_STATUSES } from '@yardly/shared/rules';
import { TextField, TextInput } from 'react-admin';
import { MoneyRetryList } from '../layout/MoneyRetryList';
import { ProcessActions } from '../ProcessActions';
import { type ConsolePayoutEvent, payoutButtons, RETRY_DONE, retryRequest } from './retry';

export function PayoutList() {
  return (
    <MoneyRetryList
      statuses={PAYOUT_STATUSES}
      idFilter={<TextInput key="seller" source="sellerId" label="Seller id" />}
      createdLabel="Started"
      before={[<TextField key="seller" source="sellerEmail" label="Seller" sortable={false} />]}
      retry={
        // Send a failed payout again: the seller's available money leaves once more; the provider is asked anew.
        <ProcessActions<AdminPayoutRecord, ConsolePayoutEvent>
          resource="payouts"
          actions={payoutButtons}
          request={retryRequest}
          done={() => RETRY_DONE}
        />
      }
    />
  );
}
