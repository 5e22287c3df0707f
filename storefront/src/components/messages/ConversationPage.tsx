import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import type { ConversationMessage, LiveEventPayload } from '@yardly/shared/contract';
import { conversationMessages, truncate } from '@yardly/shared/rules';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requireSignedIn } from '../../lib/access-gates';
import { browserApi } from '../../lib/api';
import { failureMessage, logFailure } from '../../lib/log-failure';
import {
  type ConversationRef,
  decodeConversationId,
  listingConversationsPath,
  messagesPath,
} from '../../lib/message-paths';
import { itemPath } from '../../lib/routes';
import type { Session } from '../../stores/session';
import { refreshUnreadMessages } from '../../stores/unread';
import { Breadcrumbs } from '../Breadcrumbs';
import { Spinner } from '../Spinner';
import { useLiveEvent } from '../use-live-event';
import { ConversationThread } from './ConversationThread';
import { belongsHere, mergeLines, type OpenConversation, otherPartyLabel } from './conversation-view';
import '../../styles/messages.css';

/** What the page shows about a conversation: opened, or a buyer's first words to a seller. */
interface Shown extends OpenConversation {
  listingTitle: string;
  otherParty: { userRefnum: string; name: string };
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; shown: Shown; lines: ConversationMessage[]; hasMore: boolean; unread: number };

/** The open conversation with `line` in it, under the id the api gave it (a first line opens it). */
function withLine(current: Load, conversationId: string, line: ConversationMessage): Load {
  return current.status === 'done'
    ? { ...current, shown: { ...current.shown, conversationId }, lines: mergeLines(current.lines, [line]) }
    : current;
}

function refFromPath(): ConversationRef | null {
  const id = window.location.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return decodeConversationId(id);
}

async function openById(conversationId: string): Promise<Load> {
  const history = await browserApi.messages.history({ conversationId });
  const { conversation } = history;
  return {
    status: 'done',
    shown: {
      conversationId,
      listingRefnum: conversation.listing.listingRefnum,
      listingTitle: conversation.listing.listingTitle,
      role: conversation.role,
      otherParty: conversation.otherParty,
    },
    lines: history.messages,
    hasMore: history.hasMore,
    unread: conversation.unreadCount,
  };
}

/** The buyer's conversation with a listing's seller: opened already, or to be opened by its first line. */
async function openByKey(ref: { listingRefnum: string; sellerRefnum: string }): Promise<Load> {
  const { conversations } = await browserApi.messages.conversations({
    type: 'buying',
    listingRefnum: ref.listingRefnum,
    page: 0,
    size: 1,
  });
  const existing = conversations.content.find((c) => c.otherParty.userRefnum === ref.sellerRefnum);
  if (existing) return openById(existing.conversationId);
  const { listing } = await browserApi.listings.detail({ listingRefnum: ref.listingRefnum });
  if (!listing || listing.sellerRefnum !== ref.sellerRefnum) return { status: 'error', message: notFound };
  return {
    status: 'done',
    shown: {
      conversationId: null,
      listingRefnum: listing.listingRefnum,
      listingTitle: listing.listingTitle,
      role: 'buying',
      otherParty: { userRefnum: listing.seller.userRefnum, name: listing.seller.name },
    },
    lines: [],
    hasMore: false,
    unread: 0,
  };
}

const notFound = conversationMessages.notFound;

interface ConversationPageProps {
  /**
   * Which conversation the page shows, for the signed-in person: by default the one its
   * `/messages/{encoded id}` path names (a donation's `/myquest/messages/{listing}_{seller}_{buyer}`
   * finds its own). Null shows 'not found'.
   */
  findRef?: (session: Session) => Promise<ConversationRef | null>;
}

const refOfPath = async () => refFromPath();

/**
 * A conversation (My Quest `/messages/{encoded id}`): the listing and the other party, the lines
 * oldest first with 'Load earlier', offer steps as lines of their own, and the send box. New
 * lines arrive live; what the viewer sees is marked read, on opening and as lines arrive.
 */
export function ConversationPage({ findRef = refOfPath }: ConversationPageProps = {}) {
  const [session, setSession] = useState<Session | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierError, setEarlierError] = useState<string | null>(null);
  // For the live handlers: what is open now, and lines that came while it was loading.
  const open = useRef<OpenConversation | null>(null);
  const early = useRef<LiveEventPayload<'message'>[]>([]);
  const marking = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  const markRead = useCallback(async (conversationId: string) => {
    const state = marking.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        await browserApi.messages.markRead({ conversationId });
      } while (state.again);
    } catch (cause) {
      logFailure('Could not mark the conversation read', cause);
    } finally {
      state.running = false;
      void refreshUnreadMessages();
    }
  }, []);

  const receive = useCallback(
    (event: LiveEventPayload<'message'>) => {
      const here = open.current;
      if (!here) {
        early.current.push(event);
        return;
      }
      if (!belongsHere(event, here)) return;
      // A buyer's first line (or an offer made elsewhere) opened the conversation: it is this one.
      here.conversationId = event.conversationId;
      setLoad((current) => withLine(current, event.conversationId, event.message));
      if (!event.message.mine) void markRead(event.conversationId);
    },
    [markRead],
  );

  useLiveEvent('message', receive);

  // On every (re)connection of the stream: read the latest lines again, for what came before it.
  useLiveEvent('ready', () => {
    const id = open.current?.conversationId;
    if (!id) return;
    browserApi.messages
      .history({ conversationId: id })
      .then((history) => {
        setLoad((current) =>
          current.status === 'done' ? { ...current, lines: mergeLines(current.lines, history.messages) } : current,
        );
        if (history.conversation.unreadCount > 0) void markRead(id);
      })
      .catch((cause: unknown) => logFailure('Could not read the conversation again', cause));
  });

  useEffect(() => {
    void requireSignedIn().then(async (signedIn) => {
      if (!signedIn) return;
      setSession(signedIn);
      let ref: ConversationRef | null;
      try {
        ref = await findRef(signedIn);
      } catch (cause) {
        logFailure('Could not find the conversation', cause);
        setLoad({ status: 'error', message: failureMessage(cause) });
        return;
      }
      if (!ref) {
        setLoad({ status: 'error', message: notFound });
        return;
      }
      // The seller's own listing: its conversations are one per buyer.
      if ('sellerRefnum' in ref && ref.sellerRefnum === signedIn.userRefnum) {
        window.location.replace(listingConversationsPath(ref.listingRefnum));
        return;
      }
      let loaded: Load;
      try {
        loaded = 'conversationId' in ref ? await openById(ref.conversationId) : await openByKey(ref);
      } catch (cause) {
        logFailure('Could not open the conversation', cause);
        setLoad({ status: 'error', message: failureMessage(cause) });
        return;
      }
      setLoad(loaded);
      if (loaded.status !== 'done') return;
      open.current = { ...loaded.shown };
      for (const event of early.current.splice(0)) receive(event);
      if (loaded.unread > 0 && loaded.shown.conversationId) void markRead(loaded.shown.conversationId);
    });
  }, [receive, markRead, findRef]);

  async function loadEarlier() {
    if (load.status !== 'done' || !load.shown.conversationId) return;
    const first = load.lines[0];
    if (!first) return;
    setLoadingEarlier(true);
    setEarlierError(null);
    try {
      const page = await browserApi.messages.history({
        conversationId: load.shown.conversationId,
        before: first.messageId,
      });
      setLoad((current) =>
        current.status === 'done'
          ? { ...current, lines: mergeLines(page.messages, current.lines), hasMore: page.hasMore }
          : current,
      );
    } catch (cause) {
      logFailure('Could not load earlier messages', cause);
      setEarlierError(failureMessage(cause));
    } finally {
      setLoadingEarlier(false);
    }
  }

  /** Sends a line; answers the api's message when it refused it. */
  async function send(text: string): Promise<string | null> {
    if (load.status !== 'done') return GENERIC_ERROR_MESSAGE;
    const { shown } = load;
    try {
      const answer = await browserApi.messages.send({
        listingRefnum: shown.listingRefnum,
        toRefnum: shown.otherParty.userRefnum,
        text,
      });
      if (open.current) open.current.conversationId = answer.conversationId;
      setLoad((current) => withLine(current, answer.conversationId, answer.message));
      return null;
    } catch (cause) {
      logFailure('Could not send a message', cause);
      return cause instanceof ApiError ? (cause.fieldMessage('text') ?? cause.message) : GENERIC_ERROR_MESSAGE;
    }
  }

  const shown = load.status === 'done' ? load.shown : null;
  return (
    <section className="conversation-page" aria-labelledby="conversation-title">
      <Breadcrumbs
        crumbs={[
          { label: 'Home', href: '/' },
          { label: 'My Messages', href: messagesPath() },
          { label: shown ? truncate(shown.listingTitle) : 'Conversation' },
        ]}
      />
      <h1 id="conversation-title">{shown ? `Messages about ${shown.listingTitle}` : 'Messages'}</h1>
      {shown && (
        <p className="conversation-page__about">
          With {otherPartyLabel(shown)} · <a href={itemPath(shown.listingRefnum)}>View the item</a>
        </p>
      )}
      {load.status === 'loading' && session && <Spinner label="Loading the conversation" />}
      {load.status === 'error' && <p className="state-message state-message--error">{load.message}</p>}
      {load.status === 'done' && (
        <>
          {load.hasMore && (
            <div className="conversation-page__earlier">
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => void loadEarlier()}
                disabled={loadingEarlier}
                aria-busy={loadingEarlier || undefined}
              >
                {loadingEarlier ? 'Loading…' : 'Load earlier'}
              </button>
              {earlierError && <p className="field-error">{earlierError}</p>}
            </div>
          )}
          <ConversationThread lines={load.lines} otherName={load.shown.otherParty.name} onSend={send} />
        </>
      )}
    </section>
  );
}
