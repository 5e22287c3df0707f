import { CONTACT_LIMITS, contactMessages as texts } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema/index';
import { json, runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, outbox } from './identity-helpers';
import { decodeQuotedPrintable, startSmtp } from './smtp-server';

const SUPPORT = 'help@yardly.test';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let addressCounter = 0;
/** Each test writes from its own client address, so the per-address limit is its own. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.0.0.${addressCounter}`;
}

function message(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Maya Ortiz',
    email: freshEmail('contact'),
    subject: 'Question about a return',
    message: 'Hello, my parcel arrived damaged. How do I start a return?',
    ...overrides,
  };
}

function send(payload: unknown, remoteAddress = freshAddress()) {
  return t.app.inject({ method: 'POST', url: '/svc/contact', payload: payload as object, remoteAddress });
}

type Answer = {
  code: number;
  data?: { received: boolean; message: string };
  msg?: string;
  errors?: { field: string; message: string }[];
};

describe('POST /svc/contact', () => {
  it('stores the message, mails it to support over SMTP and thanks the sender', async () => {
    const body = message({ subject: 'Damaged <parcel>' });
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<Answer>(res).data).toEqual({ received: true, message: texts.sent });

    // Stored at once, mailed by its job.
    const stored = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(stored.map((row) => row.mailedAt)).toEqual([null]);
    await runDueJobs(t);
    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Maya Ortiz', subject: 'Damaged <parcel>', message: body.message });
    expect(rows[0]?.mailedAt).toBeInstanceOf(Date);

    const mail = smtp.received.find((m) => m.to.includes(SUPPORT));
    expect(mail).toBeDefined();
    const raw = decodeQuotedPrintable(mail?.raw ?? '');
    expect(raw).toContain(`Subject: [Contact #${rows[0]?.id}] Damaged <parcel>`);
    expect(raw).toContain(`From: Maya Ortiz <${body.email}>`);
    expect(raw).toContain('my parcel arrived damaged');
    // The HTML part escapes what the sender typed.
    expect(raw).toContain('Damaged &lt;parcel&gt;');
  });

  it('refuses empty and oversized fields with a message per field, storing nothing', async () => {
    const email = freshEmail('invalid');
    const res = await send({ name: ' ', email: 'not-an-email', subject: '', message: 'short' });
    expect(res.statusCode).toBe(400);
    const body = json<Answer>(res);
    expect(body.code).toBe(400);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: texts.name },
        { field: 'email', message: 'Please enter valid email address' },
        { field: 'subject', message: texts.subject },
        { field: 'message', message: texts.messageTooShort },
      ]),
    );

    const long = await send(message({ email, message: 'x'.repeat(CONTACT_LIMITS.message + 1) }));
    expect(long.statusCode).toBe(400);
    expect(json<Answer>(long).errors).toEqual([{ field: 'message', message: texts.messageTooLong }]);
    expect(await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
  });

  it('answers 429 with a clear message once an email has sent its share, from any address', async () => {
    const email = freshEmail('chatty');
    for (let i = 0; i < CONTACT_LIMITS.perEmail; i += 1) {
      expect((await send(message({ email }))).statusCode).toBe(200);
    }
    const refused = await send(message({ email: email.toUpperCase() }));
    expect(refused.statusCode).toBe(429);
    expect(json<Answer>(refused)).toMatchObject({ code: 429, msg: texts.tooMany });
    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(rows).toHaveLength(CONTACT_LIMITS.perEmail);
  });

  it('answers 429 once one address has sent its share, whatever the email', async () => {
    const address = freshAddress();
    for (let i = 0; i < CONTACT_LIMITS.perAddress; i += 1) {
      expect((await send(message(), address)).statusCode).toBe(200);
    }
    const refused = await send(message(), address);
    expect(refused.statusCode).toBe(429);
    expect(json<Answer>(refused).msg).toBe(texts.tooMany);
    // Another address is not held back.
    expect((await send(message())).statusCode).toBe(200);
  });
});

// Each of these needs an api of its own; made in hooks, whose allowance covers a fresh database.
describe('contact when the mail server does not answer', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1', SUPPORT_EMAIL: SUPPORT } });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('still stores the message and thanks the sender; it stays unmailed while the server is down', async () => {
    const body = message();
    const res = await down.app.inject({ method: 'POST', url: '/svc/contact', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    await runDueJobs(down); // a try that fails: the job waits for its next one
    const rows = await down.database.db.select().from(contactMessages).where(eq(contactMessages.email, body.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.mailedAt).toBeNull();
  });
});

describe('contact without SMTP_URL', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await startTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
  });
  afterAll(async () => {
    await local?.close();
  });

  it('puts the mail to support in the dev outbox', async () => {
    const res = await local.app.inject({
      method: 'POST',
      url: '/svc/contact',
      payload: message({ subject: 'Pickup times' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await outbox(local, SUPPORT);
    expect(mail?.subject).toMatch(/^\[Contact #\d+\] Pickup times$/);
    expect(mail?.text).toContain('my parcel arrived damaged');
  });
});
