import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../src/db/schema/index';
import { advanceClock, json, runDueJobs, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, post } from './identity-helpers';
import { decodeQuotedPrintable, startSmtp } from './smtp-server';

// Mail is queued with the change that causes it and delivered by a job: a mail server that is
// down delays mail, it never fails the call.
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  // A port that had a server a moment ago: nothing listens there now (the server is down).
  smtp = await startSmtp();
  await smtp.close();
  t = await startTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close().catch(() => {});
});

const mailJobsTo = async (to: string) =>
  (await t.database.db.select().from(jobs).where(eq(jobs.name, 'mail.deliver'))).filter(
    (job) => (job.payload as { to: string }).to === to,
  );

describe('mail while the mail server is down', () => {
  it('signs up with 200, and the code goes out once the server is back, once', async () => {
    const email = freshEmail('down');
    const res = await post(t, '/svc/users/signup', {
      email,
      password: GOOD_PASSWORD,
      nameFirst: 'Dana',
      nameLast: 'Ray',
    });
    expect(res.statusCode, res.body).toBe(200);

    // Tried now: the server is down, so it waits, and nothing is recorded as sent.
    await runDueJobs(t);
    const [waiting] = await mailJobsTo(email);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED/);
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);

    // The server is back on its address; the next try (after the backoff) delivers.
    smtp = await startSmtp({}, smtp.port);
    await advanceClock(t, 0.5);
    expect(smtp.received).toEqual([]);
    await advanceClock(t, 0.5);
    expect(smtp.received.map((m) => m.to)).toEqual([[email]]);
    const code = decodeQuotedPrintable(smtp.received[0]?.raw ?? '').match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    expect((await mailJobsTo(email)).map((job) => [job.state, job.attempts])).toEqual([['done', 2]]);

    // The code works, and the mail went out once: later passes do not send it again.
    const verified = await post(t, '/svc/users/verify-email', { email, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(json<{ data: { email: string } }>(verified).data.email).toBe(email);
    await advanceClock(t, 120);
    expect(smtp.received).toHaveLength(1);
  });

  it('a mail refused for good (no such mailbox) is not tried again', async () => {
    const refusing = await startSmtp({
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      },
    });
    const app = await startTestApp({ env: { SMTP_URL: refusing.url } });
    try {
      const email = freshEmail('nobody');
      const res = await post(app, '/svc/users/signup', {
        email,
        password: GOOD_PASSWORD,
        nameFirst: 'No',
        nameLast: 'Body',
      });
      expect(res.statusCode, res.body).toBe(200);
      await advanceClock(app, 0);
      await advanceClock(app, 600);
      const rows = (await app.database.db.select().from(jobs).where(eq(jobs.name, 'mail.deliver'))).filter(
        (job) => (job.payload as { to: string }).to === email,
      );
      expect(rows.map((job) => [job.state, job.attempts])).toEqual([['dead', 1]]);
      expect(rows[0]?.lastError).toMatch(/No such mailbox here/);
    } finally {
      await app.close();
      await refusing.close();
    }
  });
});
