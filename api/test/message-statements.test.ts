import type { LoginData } from '@yardly/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { freshEmail, signedUp } from './identity-helpers';
import { openStream, sendMessage } from './message-helpers';
import { publishedListing } from './selling-helpers';
import { statementRecorder } from './statement-recorder';

// Issue 17's goal is a message on the other party's page within 100 ms: what a send costs the
// database is pinned here, statement by statement, so that a change adding some shows up.

const recorder = statementRecorder();
let t: TestApp;
let seller: LoginData;
let buyer: LoginData;

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'error' }, logger: recorder.logger });
  [seller, buyer] = [await signedUp(t, freshEmail('seller')), await signedUp(t, freshEmail('buyer'))];
});
afterAll(() => t?.close());

/** What a statement does, in a few words: its verb and first table. */
function kindOf(statement: string): string {
  const text = statement.replace(/\s+/g, ' ').trim();
  const write = text.match(/^(with "\w+" as \()?(insert into|update|delete from) ("\w+")/);
  if (write) return `${write[1] ? 'with ' : ''}${write[2]} ${write[3]}`;
  // The statement's own table, not a subquery's: parenthesised parts are set aside first.
  let outer = text;
  while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, '');
  const read = outer.match(/^select .*? from ("\w+")/);
  return read ? `select from ${read[1]}` : text;
}

/** The statements of one call, without the transaction's begin and commit (PostgreSQL's driver sends them, PGlite not). */
async function statementsOf(work: () => Promise<unknown>) {
  const { statements } = await recorder.during(work);
  const kinds = statements.map(kindOf);
  const framing = kinds.filter((kind) => kind === 'begin' || kind === 'commit');
  if (t.database.engine === 'postgres') expect(framing, 'one transaction').toEqual(['begin', 'commit']);
  return kinds.filter((kind) => kind !== 'begin' && kind !== 'commit');
}

// Each in one transaction after the checks: the conversation locked (opened first if need be), the line with the
// writer's read marker, the receiver's notification with their unread count, its delivery job (push
// and email after commit), and both parties' live events with their locks and wake-ups.
const SEND = [
  // The caller's account and session (every call), the send's one read, then in its transaction the
  // attempt counted against the rate limit (one commit for both, issue 38).
  'select from "users"',
  'select from "listings"',
  'insert into "login_throttles"',
  'select from "conversations"',
  'with insert into "messages"',
  'with insert into "notifications"',
  'insert into "jobs"',
  'insert into "live_events"',
];

describe('what a message costs the database', () => {
  it('a buyer’s next message and the seller’s reply: eight statements each, one transaction; the first opens the conversation', async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    const toSeller = { listingRefnum, toRefnum: seller.userRefnum };
    for (const [send, expected] of [
      [
        () => sendMessage(t, buyer.token, { ...toSeller, text: 'First' }),
        SEND.toSpliced(4, 0, 'insert into "conversations"'),
      ],
      [() => sendMessage(t, buyer.token, { ...toSeller, text: 'Next' }), SEND],
      [() => sendMessage(t, seller.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'Reply' }), SEND],
    ] as const) {
      let status = 0;
      const kinds = await statementsOf(async () => {
        status = (await send()).statusCode;
      });
      expect(status).toBe(200);
      expect(kinds).toEqual(expected);
    }
  });

  it('a refused message stops after its read, writing nothing but the attempt', async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    let status = 0;
    const { statements } = await recorder.during(async () => {
      status = (await sendMessage(t, seller.token, { listingRefnum, toRefnum: buyer.userRefnum, text: 'Hi' }))
        .statusCode;
    });
    expect(status).toBe(403);
    expect(statements.map(kindOf).sort()).toEqual(
      ['select from "users"', 'insert into "login_throttles"', 'select from "listings"'].sort(),
    );
  });

  it('its delivery is one read of the log by the recipient’s open stream', async () => {
    const listingRefnum = await publishedListing(t, seller.token);
    const stream = await openStream(t, { token: seller.token, ignore: ['notification'] });
    try {
      expect((await stream.next()).event).toBe('ready');
      const { statements } = await recorder.during(async () => {
        const res = await sendMessage(t, buyer.token, { listingRefnum, toRefnum: seller.userRefnum, text: 'Live' });
        expect(res.statusCode).toBe(200);
        expect((await stream.next()).data).toMatchObject({ message: { text: 'Live' } });
      });
      const kinds = statements.map(kindOf).filter((kind) => kind !== 'begin' && kind !== 'commit');
      // After the send's last statement (its events), what the delivery cost.
      expect(kinds.slice(kinds.indexOf('insert into "live_events"') + 1)).toEqual(['select from "live_events"']);
    } finally {
      stream.close();
    }
  });
});
