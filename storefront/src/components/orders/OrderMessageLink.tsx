import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { OrderDetail } from '@yardly/shared/contract';
import { useEffect, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import { conversationPath, conversationWithSellerPath } from '../../lib/message-paths';
import { SendBox } from '../messages/SendBox';

/**
 * The order page's way to the other party about this listing. The buyer's "Message seller" opens
 * their conversation with the seller (or starts it: its first line opens it). The seller's
 * "Message buyer" opens their conversation with this buyer, or, before either wrote, a box whose
 * first line starts it and then leads there.
 */
export function OrderMessageLink({ order }: { order: OrderDetail }) {
  const listingRefnum = order.listing.listingRefnum;
  if (order.role === 'buying') {
    return (
      <a
        className="button button--small button--secondary"
        href={conversationWithSellerPath(listingRefnum, order.seller.userRefnum)}
      >
        Message seller
      </a>
    );
  }
  return <MessageBuyer listingRefnum={listingRefnum} buyerRefnum={order.buyer.userRefnum} />;
}

function MessageBuyer({ listingRefnum, buyerRefnum }: { listingRefnum: string; buyerRefnum: string }) {
  // undefined while looking; null when the buyer and seller have not written yet.
  const [conversationId, setConversationId] = useState<string | null | undefined>(undefined);
  const [writing, setWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    browserApi.messages
      .conversations({ type: 'selling', listingRefnum, page: 0, size: 50 })
      .then(({ conversations }) =>
        setConversationId(
          conversations.content.find((c) => c.otherParty.userRefnum === buyerRefnum)?.conversationId ?? null,
        ),
      )
      .catch((cause) => {
        logFailure('Could not look up the conversation with the buyer', cause);
        setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
      });
  }, [listingRefnum, buyerRefnum]);

  async function send(text: string): Promise<string | null> {
    try {
      const sent = await browserApi.messages.send({ listingRefnum, toRefnum: buyerRefnum, text });
      window.location.assign(conversationPath(sent.conversationId));
      return null;
    } catch (cause) {
      logFailure('Could not message the buyer', cause);
      return cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE;
    }
  }

  if (error) return <p className="state-message state-message--error">{error}</p>;
  if (conversationId === undefined) return null;
  if (conversationId)
    return (
      <a className="button button--small button--secondary" href={conversationPath(conversationId)}>
        Message buyer
      </a>
    );
  return writing ? (
    <SendBox onSend={send} />
  ) : (
    <button type="button" className="button button--small button--secondary" onClick={() => setWriting(true)}>
      Message buyer
    </button>
  );
}
