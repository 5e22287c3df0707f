import type { ConversationSummary } from '@yardly/shared/contract';
import { listingListMessages } from '@yardly/shared/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';
import {
  type ConversationFilter,
  conversationFilterOf,
  conversationPath,
  type MessagesQuery,
  messagesPath,
} from '../../lib/message-paths';
import { positiveInt } from '../../lib/product-query';
import { Breadcrumbs } from '../Breadcrumbs';
import { Pagination } from '../Pagination';
import { Spinner } from '../Spinner';
import { DashboardTabs } from '../selling/DashboardTabs';
import { useLiveEvent } from '../use-live-event';
import { ConversationCard } from './ConversationCard';
import { otherPartyLabel } from './conversation-view';
import '../../styles/selling.css';
import '../../styles/product-list.css';
import '../../styles/messages.css';

const FILTER_LABELS: Record<ConversationFilter, string> = {
  allmessages: 'All messages',
  buying: 'Buying',
  selling: 'Selling',
};
const FILTERS = Object.keys(FILTER_LABELS) as ConversationFilter[];
/** Spec section 9: lists default to 25. */
const DEFAULT_SIZE = 25;

type Query = Required<Pick<MessagesQuery, 'type' | 'page' | 'size'>> & Pick<MessagesQuery, 'listingRefnum'>;

function readQuery(search: string): Query {
  const params = new URLSearchParams(search);
  const listingRefnum = params.get('listingRefnum');
  return {
    type: conversationFilterOf(params.get('type')),
    listingRefnum: listingRefnum && /^[A-Za-z0-9]{1,40}$/.test(listingRefnum) ? listingRefnum : undefined,
    page: positiveInt(params.get('page'), 1, 10_000),
    size: positiveInt(params.get('size'), DEFAULT_SIZE, 100),
  };
}

type Load =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'done'; conversations: ConversationSummary[]; total: number };

/**
 * My Messages (/myquest/messages and /myquest/allmessages): the signed-in person's
 * conversations, latest first, each with its listing, the other party, the last line and what
 * is unread; narrowed to buying or selling, or to one listing (the seller's 'View Messages').
 * It follows the live stream: a new line or a conversation read elsewhere reads the page again.
 */
export function MessagesPage() {
  const [query, setQuery] = useState<Query | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const reading = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });
  // One read at a time; a read asked meanwhile runs once more after it, for the latest query.
  const latestQuery = useRef<Query | null>(null);
  latestQuery.current = query;

  useEffect(() => {
    void requireSignedIn().then((signedIn) => {
      if (signedIn) setQuery(readQuery(window.location.search));
    });
    const sync = () => setQuery(readQuery(window.location.search));
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  const fetchPage = useCallback(async (quietly: boolean) => {
    const state = reading.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    if (!quietly) setLoad({ status: 'loading' });
    try {
      do {
        state.again = false;
        const shown = latestQuery.current;
        if (!shown) return;
        const { conversations } = await browserApi.messages.conversations({
          type: shown.type,
          listingRefnum: shown.listingRefnum,
          page: shown.page - 1,
          size: shown.size,
        });
        setLoad({ status: 'done', conversations: conversations.content, total: conversations.totalElements });
      } while (state.again);
    } catch (cause) {
      logFailure('Could not load your conversations', cause);
      setLoad({ status: 'error' });
    } finally {
      state.running = false;
    }
  }, []);

  useEffect(() => {
    if (query) void fetchPage(false);
  }, [query, fetchPage]);

  const readAgain = () => void fetchPage(true);
  useLiveEvent('message', readAgain);
  useLiveEvent('read', readAgain);
  useLiveEvent('ready', readAgain);

  function go(next: Query) {
    window.history.pushState(null, '', messagesPath(next));
    window.scrollTo({ top: 0 });
    setQuery(next);
  }

  const listingTitle =
    query?.listingRefnum && load.status === 'done'
      ? load.conversations.find((c) => c.listing.listingRefnum === query.listingRefnum)?.listing.listingTitle
      : undefined;

  return (
    <section className="dashboard" aria-labelledby="messages-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: '/' }, { label: 'My Messages' }]} />
      <div className="dashboard__head">
        <h1 id="messages-title">My Messages</h1>
      </div>
      <DashboardTabs current="messages" />
      {query && (
        <div className="toolbar">
          <label>
            Show{' '}
            <select
              value={query.type}
              onChange={(event) => go({ ...query, type: event.target.value as ConversationFilter, page: 1 })}
            >
              {FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {FILTER_LABELS[filter]}
                </option>
              ))}
            </select>
          </label>
          {query.listingRefnum && (
            <p className="toolbar__note">
              {listingTitle ? `About ${listingTitle}` : 'About one listing'} ·{' '}
              <a href={messagesPath({ type: query.type })}>Show every conversation</a>
            </p>
          )}
        </div>
      )}
      {load.status === 'loading' && <Spinner label="Loading your messages" />}
      {load.status === 'error' && (
        <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
      )}
      {load.status === 'done' && load.conversations.length === 0 && <p className="state-message">No messages yet</p>}
      {load.status === 'done' && load.conversations.length > 0 && query && (
        <>
          <h2 className="visually-hidden">{FILTER_LABELS[query.type]}</h2>
          <ul className="conversation-list" aria-label="Conversations">
            {load.conversations.map((conversation) => (
              <li key={conversation.conversationId}>
                <ConversationCard
                  href={conversationPath(conversation.conversationId)}
                  pictureUrl={conversation.listing.listingPictureUrl}
                  title={conversation.listing.listingTitle}
                  party={otherPartyLabel(conversation)}
                  lastMessage={conversation.lastMessage}
                  lastMessageAt={conversation.lastMessageAt}
                  unreadCount={conversation.unreadCount}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={query.page}
            totalPages={Math.ceil(load.total / query.size)}
            hrefFor={(page) => messagesPath({ ...query, page })}
            onChange={(page) => go({ ...query, page })}
          />
        </>
      )}
    </section>
  );
}
