import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { ConversationMessage, LiveEventPayload, RentalConversation } from '@yardly/shared/contract';
import { listingListMessages, rentalMessages, truncate } from '@yardly/shared/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { failureMessage, logFailure } from '../../lib/log-failure';
import type { Session } from '../../stores/session';
import { refreshUnreadMessages } from '../../stores/unread';
import { Breadcrumbs } from '../Breadcrumbs';
import { ConversationThread } from '../messages/ConversationThread';
import { mergeLines } from '../messages/conversation-view';
import { Spinner } from '../Spinner';
import { useLiveEvent } from '../use-live-event';
import { RentalConversationList } from './RentalConversationList';
import { conversationTypeOf, rentalPartyLabel } from './rental-conversation-view';
import {
  RENTALS_HOME,
  type RentalMessagesRef,
  type RentalMessagesTab,
  readRentalsMsg,
  rentalPath,
  rentalsMsgPath,
} from './rental-paths';
import '../../styles/messages.css';

const TAB_LABELS: Record<RentalMessagesTab, string> = { buying: 'As tenant', selling: 'As landlord' };
const LIST_SIZE = 25;

/** The open conversation: opened, or a tenant's first words to a landlord (conversationId null until sent). */
interface Open {
  conversationId: string | null;
  role: RentalMessagesTab;
  rental: { refnum: string; title: string };
  otherParty: { userRefnum: string; name: string };
}

type ListLoad = { status: 'loading' } | { status: 'error' } | { status: 'done'; conversations: RentalConversation[] };
type ThreadLoad =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; open: Open; lines: ConversationMessage[]; hasMore: boolean };

/** The open conversation with `line` in it, under the id the api gave it (a first line opens it). */
function withLine(now: ThreadLoad, conversationId: string, line: ConversationMessage): ThreadLoad {
  return now.status === 'done'
    ? { ...now, open: { ...now.open, conversationId }, lines: mergeLines(now.lines, [line]) }
    : now;
}

/** A conversation found in the caller's list, opened with its latest lines. */
async function openConversation(conversation: RentalConversation): Promise<ThreadLoad> {
  const history = await browserApi.messages.history({ conversationId: conversation.conversationId });
  return {
    status: 'done',
    open: {
      conversationId: conversation.conversationId,
      role: conversation.role,
      rental: { refnum: conversation.rental.refnum, title: conversation.rental.title },
      otherParty: conversation.otherParty,
    },
    lines: history.messages,
    hasMore: history.hasMore,
  };
}

/** What an address asks to open: a conversation by id, or the tenant's conversation about a rental (new if none). */
async function openRef(ref: RentalMessagesRef, viewer: Session): Promise<ThreadLoad> {
  if (ref.conversationId) {
    // The lines are the marketplace's; the rental and the other party come from the rental list.
    const { conversations } = await browserApi.rentalMessages.conversations({
      conversationId: ref.conversationId,
      page: 0,
      size: 1,
    });
    const found = conversations.content[0];
    return found ? openConversation(found) : { status: 'error', message: rentalMessages.notFound };
  }
  if (!ref.refnum) return { status: 'none' };
  const rental = await browserApi.rentals.detail({ refnum: ref.refnum });
  if (rental.landLordRefnum === viewer.userRefnum) {
    return { status: 'error', message: rentalMessages.cannotMessageSelf };
  }
  const { conversations } = await browserApi.rentalMessages.ofListing({
    refnum: ref.refnum,
    type: 'buy',
    page: 0,
    size: 1,
  });
  const existing = conversations.content[0];
  if (existing) return openConversation(existing);
  return {
    status: 'done',
    open: {
      conversationId: null,
      role: 'buying',
      rental: { refnum: rental.refnum, title: rental.title },
      otherParty: { userRefnum: rental.landlord.userRefnum, name: rental.landlord.name },
    },
    lines: [],
    hasMore: false,
  };
}

/**
 * /rentalsmsg: the rental conversations on the buying (tenant) and selling (landlord) tabs, and
 * the one named by `current_tab_ref` (or a tenant's new one about `refnum`) open beside them. Its
 * lines arrive live and are marked read as they are seen, as the marketplace's conversations are.
 */
export function RentalMessagesPage() {
  const [session, setSession] = useState<Session | null>(null);
  const [ref, setRef] = useState<RentalMessagesRef | null>(null);
  const [list, setList] = useState<ListLoad>({ status: 'loading' });
  const [thread, setThread] = useState<ThreadLoad>({ status: 'none' });
  const open = useRef<Open | null>(null);
  const latestRef = useRef<RentalMessagesRef | null>(null);
  latestRef.current = ref;

  useEffect(() => {
    void requireSignedIn(RENTALS_HOME).then((signedIn) => {
      if (!signedIn) return;
      setSession(signedIn);
      setRef(readRentalsMsg(window.location.search));
    });
    const sync = () => setRef(readRentalsMsg(window.location.search));
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, []);

  const readList = useCallback(async (quietly: boolean) => {
    const shown = latestRef.current;
    if (!shown) return;
    if (!quietly) setList({ status: 'loading' });
    try {
      const { conversations } = await browserApi.rentalMessages.conversations({
        type: conversationTypeOf(shown.tab),
        page: 0,
        size: LIST_SIZE,
      });
      setList({ status: 'done', conversations: conversations.content });
    } catch (cause) {
      logFailure('Could not load your rental conversations', cause);
      setList({ status: 'error' });
    }
  }, []);

  const markRead = useCallback(async (conversationId: string) => {
    try {
      await browserApi.messages.markRead({ conversationId });
    } catch (cause) {
      logFailure('Could not mark the conversation read', cause);
    } finally {
      void refreshUnreadMessages();
    }
  }, []);

  useEffect(() => {
    if (!ref || !session) return;
    void readList(false);
    let current = true;
    open.current = null;
    setThread(ref.conversationId || ref.refnum ? { status: 'loading' } : { status: 'none' });
    openRef(ref, session).then(
      (loaded) => {
        if (!current) return;
        setThread(loaded);
        if (loaded.status !== 'done') return;
        open.current = { ...loaded.open };
        if (loaded.open.conversationId) void markRead(loaded.open.conversationId);
      },
      (cause: unknown) => {
        logFailure('Could not open the conversation', cause);
        if (current) setThread({ status: 'error', message: failureMessage(cause) });
      },
    );
    return () => {
      current = false;
    };
  }, [ref, session, readList, markRead]);

  const receive = useCallback(
    (event: LiveEventPayload<'message'>) => {
      void readList(true);
      const here = open.current;
      if (!here) return;
      const belongs =
        here.conversationId !== null
          ? event.conversationId === here.conversationId
          : here.role === 'buying' && event.listingRefnum === here.rental.refnum;
      if (!belongs) return;
      here.conversationId = event.conversationId;
      setThread((now) => withLine(now, event.conversationId, event.message));
      if (!event.message.mine) void markRead(event.conversationId);
    },
    [readList, markRead],
  );
  useLiveEvent('message', receive);
  useLiveEvent('read', () => void readList(true));
  // On every (re)connection: read the open conversation's latest lines again, for what came before it.
  useLiveEvent('ready', () => {
    const id = open.current?.conversationId;
    void readList(true);
    if (!id) return;
    browserApi.messages
      .history({ conversationId: id })
      .then((history) =>
        setThread((now) => (now.status === 'done' ? { ...now, lines: mergeLines(now.lines, history.messages) } : now)),
      )
      .catch((cause: unknown) => logFailure('Could not read the conversation again', cause));
  });

  async function send(text: string): Promise<string | null> {
    if (thread.status !== 'done') return GENERIC_ERROR_MESSAGE;
    const { open: shown } = thread;
    try {
      const answer = await browserApi.rentalMessages.send({
        refnum: shown.rental.refnum,
        toRefnum: shown.otherParty.userRefnum,
        text,
      });
      if (open.current) open.current.conversationId = answer.conversationId;
      setThread((now) => withLine(now, answer.conversationId, answer.message));
      // The first line opened the conversation: the address names it from now on.
      if (!shown.conversationId) {
        window.history.replaceState(
          null,
          '',
          rentalsMsgPath({ tab: shown.role, conversationId: answer.conversationId }),
        );
      }
      void readList(true);
      return null;
    } catch (cause) {
      logFailure('Could not send a message', cause);
      return cause instanceof ApiError ? (cause.fieldMessage('text') ?? cause.message) : GENERIC_ERROR_MESSAGE;
    }
  }

  function goTab(tab: RentalMessagesTab, event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    window.history.pushState(null, '', rentalsMsgPath({ tab }));
    setRef({ tab });
  }

  const shown = thread.status === 'done' ? thread.open : null;
  return (
    <section className="dashboard rental-messages" aria-labelledby="rental-messages-title">
      <Breadcrumbs crumbs={[{ label: 'Home', href: RENTALS_HOME }, { label: 'My Messages' }]} />
      <h1 id="rental-messages-title">My Messages</h1>
      {ref && (
        <nav className="tabs" aria-label="Conversations">
          {(Object.keys(TAB_LABELS) as RentalMessagesTab[]).map((tab) => (
            <a
              key={tab}
              href={rentalsMsgPath({ tab })}
              aria-current={tab === ref.tab ? 'page' : undefined}
              onClick={(event) => goTab(tab, event)}
            >
              {TAB_LABELS[tab]}
            </a>
          ))}
        </nav>
      )}
      <div className="rental-messages__layout">
        <div className="rental-messages__list">
          <h2 className="visually-hidden">{ref ? TAB_LABELS[ref.tab] : 'Conversations'}</h2>
          {list.status === 'loading' && <Spinner label="Loading your messages" />}
          {list.status === 'error' && (
            <p className="state-message state-message--error">{listingListMessages.fetchError}</p>
          )}
          {list.status === 'done' && list.conversations.length === 0 && (
            <p className="state-message">No messages yet</p>
          )}
          {list.status === 'done' && list.conversations.length > 0 && (
            <RentalConversationList
              conversations={list.conversations}
              openId={shown?.conversationId ?? undefined}
              label="Conversations"
            />
          )}
        </div>
        {thread.status !== 'none' && (
          <div className="rental-messages__thread">
            {thread.status === 'loading' && <Spinner label="Loading the conversation" />}
            {thread.status === 'error' && (
              <p className="state-message state-message--error" role="alert">
                {thread.message}
              </p>
            )}
            {thread.status === 'done' && (
              <>
                <h2 className="rental-messages__title">Messages about {truncate(thread.open.rental.title)}</h2>
                <p className="conversation-page__about">
                  With {rentalPartyLabel(thread.open)} ·{' '}
                  <a href={rentalPath(thread.open.rental.refnum)}>View the place</a>
                </p>
                <ConversationThread lines={thread.lines} otherName={thread.open.otherParty.name} onSend={send} />
              </>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
