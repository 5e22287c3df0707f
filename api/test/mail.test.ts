import type { OutboxMail } from '@yardly/shared/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema/index';
import type { Mail } from '../src/modules/mail/mailer';
import { mailBodySealer } from '../src/modules/mail/sealed-body';
import { type CodePurpose, codeMail } from '../src/modules/mail/templates';
import { createMailTransport } from '../src/modules/mail/transport';
import { json, runDueJobs, startTestApp, type TestApp } from './harness';
import { decodeQuotedPrintable, startSmtp } from './smtp-server';

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

const FROM = 'Yardly <no-reply@yardly.test>';
/** Sealed with the app's secret, so its dev outbox opens what these transports record. */
const bodies = () => mailBodySealer(t.secret);

function recordingLog() {
  const lines: { obj: Record<string, unknown>; msg: string }[] = [];
  return { lines, info: (obj: object, msg: string) => void lines.push({ obj: obj as Record<string, unknown>, msg }) };
}

function mailTo(to: string, code: string): Mail {
  return { to, ...codeMail('login', code) };
}

async function outbox(to?: string) {
  const url = to === undefined ? '/svc/dev/outbox' : `/svc/dev/outbox?to=${encodeURIComponent(to)}`;
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: json<{ code: number; data: OutboxMail[]; msg?: string }>(res) };
}

async function rowsTo(to: string) {
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

describe('the mail transport without SMTP_URL', () => {
  it('logs the mail with its text, keeps it in the outbox, and the dev outbox lists it newest first', async () => {
    const log = recordingLog();
    const transport = createMailTransport({ db: t.database.db, from: FROM, log, bodies: bodies() });

    await transport.deliver(mailTo('Ann.Outbox@Example.com', '111111'));
    await transport.deliver(mailTo('bob.outbox@example.com', '222222'));
    await transport.deliver(mailTo('ann.outbox@example.com', '333333'));

    expect(log.lines).toHaveLength(3);
    expect(log.lines[0]?.obj).toMatchObject({ to: 'Ann.Outbox@Example.com', subject: 'Your Yardly log-in code' });
    expect(String(log.lines[0]?.obj.text)).toContain('111111');

    const all = await outbox();
    expect(all.status).toBe(200);
    expect(all.body.code).toBe(200);
    expect(all.body.data.map((m) => m.to)).toEqual([
      'ann.outbox@example.com',
      'bob.outbox@example.com',
      'Ann.Outbox@Example.com',
    ]);
    const newest = all.body.data[0];
    expect(newest).toEqual({
      to: 'ann.outbox@example.com',
      subject: 'Your Yardly log-in code',
      text: expect.stringContaining('333333'),
      sentAt: expect.any(String),
    });
    expect(new Date(newest?.sentAt ?? '').toISOString()).toBe(newest?.sentAt);

    const rows = await rowsTo('Ann.Outbox@Example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transport: 'log', subject: 'Your Yardly log-in code' });
    // The body is kept sealed: only the app's secret opens it.
    expect(JSON.stringify(rows[0])).not.toContain('111111');
    expect(bodies().open(rows[0]?.sealedBody ?? '').html).toContain('111111');
    expect(() => mailBodySealer(Buffer.alloc(32, 7)).open(rows[0]?.sealedBody ?? '')).toThrow();
  });

  it('filters the outbox by recipient in any case', async () => {
    const ann = await outbox('ANN.OUTBOX@example.COM');
    expect(ann.status).toBe(200);
    expect(ann.body.data.map((m) => [m.to, m.text.includes('333333') ? 'newer' : 'older'])).toEqual([
      ['ann.outbox@example.com', 'newer'],
      ['Ann.Outbox@Example.com', 'older'],
    ]);
    expect((await outbox('nobody@example.com')).body.data).toEqual([]);
    // A wildcard is not a pattern.
    expect((await outbox('%')).body.data).toEqual([]);
  });

  it('answers at most 50 mails', async () => {
    const transport = createMailTransport({ db: t.database.db, from: FROM, log: recordingLog(), bodies: bodies() });
    for (let i = 0; i < 55; i++) await transport.deliver(mailTo('many@example.com', String(100000 + i)));
    const many = await outbox('many@example.com');
    expect(many.body.data).toHaveLength(50);
    expect(many.body.data[0]?.text).toContain('100054');
    expect(many.body.data[49]?.text).toContain('100005');
  });

  it('delivers a mail queued before bodies were sealed (clear payload) as it was queued', async () => {
    await app.jobs.enqueue(t.database.db, 'mail.deliver', mailTo('legacy.queued@example.com', '424242'));
    await runDueJobs(t);
    const [mail] = (await outbox('legacy.queued@example.com')).body.data;
    expect(mail?.text).toContain('424242');
    expect(JSON.stringify(await rowsTo('legacy.queued@example.com'))).not.toContain('424242');
  });

  it('refuses a `to` longer than an email can be', async () => {
    const res = await outbox(`${'a'.repeat(250)}@example.com`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(400);
  });
});

describe('the mail transport with SMTP_URL', () => {
  it('delivers through the SMTP server and records the mail as smtp', async () => {
    const smtp = await startSmtp();
    try {
      const log = recordingLog();
      const transport = createMailTransport({
        db: t.database.db,
        smtpUrl: smtp.url,
        from: FROM,
        log,
        bodies: bodies(),
      });
      await transport.deliver({
        to: 'carol.smtp@example.com',
        ...codeMail('verify_email', '493817', { nameFirst: 'Carol' }),
      });

      expect(smtp.received).toHaveLength(1);
      const message = smtp.received[0];
      expect(message?.from).toBe('no-reply@yardly.test');
      expect(message?.to).toEqual(['carol.smtp@example.com']);
      const raw = decodeQuotedPrintable(message?.raw ?? '');
      expect(raw).toContain('Subject: Your Yardly verification code');
      expect(raw).toMatch(/^From: Yardly <no-reply@yardly\.test>/m);
      expect(raw).toContain('493817');
      expect(raw).toContain('Hi Carol,');

      const rows = await rowsTo('carol.smtp@example.com');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ transport: 'smtp', subject: 'Your Yardly verification code' });
      // A delivered code stays out of the log.
      expect(JSON.stringify(log.lines)).not.toContain('493817');

      // The same transport (one SMTP pool) keeps working for the next mail.
      await transport.deliver(mailTo('carol.smtp@example.com', '556677'));
      expect(smtp.received).toHaveLength(2);
      expect(decodeQuotedPrintable(smtp.received[1]?.raw ?? '')).toContain('556677');
    } finally {
      await smtp.close();
    }
  });

  it('throws when the SMTP server refuses the recipient, and records nothing', async () => {
    const smtp = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      },
    });
    try {
      const transport = createMailTransport({
        db: t.database.db,
        smtpUrl: smtp.url,
        from: FROM,
        log: recordingLog(),
        bodies: bodies(),
      });
      await expect(transport.deliver(mailTo('refused@example.com', '123123'))).rejects.toThrow(/No such mailbox here/);
      expect(smtp.received).toHaveLength(0);
      expect(await rowsTo('refused@example.com')).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('throws when no SMTP server listens', async () => {
    const smtp = await startSmtp();
    await smtp.close();
    const transport = createMailTransport({
      db: t.database.db,
      smtpUrl: smtp.url,
      from: FROM,
      log: recordingLog(),
      bodies: bodies(),
    });
    await expect(transport.deliver(mailTo('nobody.listens@example.com', '123123'))).rejects.toThrow();
    expect(await rowsTo('nobody.listens@example.com')).toEqual([]);
  });
});

describe('code mails', () => {
  const subjects: Record<CodePurpose, string> = {
    verify_email: 'Your Yardly verification code',
    login: 'Your Yardly log-in code',
    reset_password: 'Reset your Yardly password',
    change_email: 'Confirm your new Yardly email',
    work_email: 'Verify your work email for Yardly',
    social_email: 'Your Yardly sign-in code',
  };

  for (const [purpose, subject] of Object.entries(subjects) as [CodePurpose, string][]) {
    it(`${purpose}: '${subject}' with the code, its expiry and what to do if you did not ask`, () => {
      const mail = codeMail(purpose, '804261');
      expect(mail.subject).toBe(subject);
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Yardly');
        expect(body).toContain('804261');
        expect(body).toContain('This code expires in 10 minutes.');
        expect(body).toMatch(/If you did not .*, you can ignore this email/);
      }
      expect(mail.text).toMatch(/^Hi,\n/);
      // Plain HTML: nothing fetched from elsewhere.
      expect(mail.html).not.toMatch(/<img|<link|<script|url\(|https?:/i);
    });
  }

  it('carries a link when its page uses the code (the email-update mail), escaped in the HTML', () => {
    const url = 'https://yardly.example/settings-email-update?email=a%40b.com&code=804261';
    const mail = codeMail('change_email', '804261', { link: { url, label: 'Confirm your new email' } });
    expect(mail.text).toContain(`Confirm your new email: ${url}`);
    expect(mail.html).toContain(`<a href="${url.replace(/&/g, '&amp;')}"`);
  });

  it('greets by first name, escaping it in the HTML', () => {
    const mail = codeMail('login', '804261', { nameFirst: '<b>Ann</b>' });
    expect(mail.text).toMatch(/^Hi <b>Ann<\/b>,\n/);
    expect(mail.html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Ann</b>');
  });
});
