import { referralPath } from '@yardly/shared/rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrals, users } from '../src/db/schema/index';
import { json, startTestApp, type TestApp } from './harness';
import { freshEmail, GOOD_PASSWORD, post, signedUp } from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The segment after /refer-a-friend/ in a person's invitation link. */
function segmentOf(nameFirst: string, userRefnum: string): string {
  return referralPath(nameFirst, userRefnum).split('/').pop() ?? '';
}

async function userIdOf(email: string): Promise<number> {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function referrerOfUser(email: string) {
  const id = await userIdOf(email);
  return t.database.db.select().from(referrals).where(eq(referrals.referredId, id));
}

describe('referrals', () => {
  it('names the referrer of a link, and answers 404 for a link that names nobody', async () => {
    const ann = await signedUp(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/svc/referral/referrer?name=${segmentOf('Ann', ann.userRefnum)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).data).toEqual({ userRefnum: ann.userRefnum, nameFirst: 'Ann' });

    const nobody = await t.app.inject({ method: 'GET', url: '/svc/referral/referrer?name=ann-U00000000000' });
    expect(nobody.statusCode).toBe(404);
    expect(json(nobody).msg).toBe('This invitation link is not valid any more');
    const garbage = await t.app.inject({ method: 'GET', url: '/svc/referral/referrer?name=hello' });
    expect(garbage.statusCode).toBe(404);
  });

  it('records who referred a person who signs up from the link, once', async () => {
    const ann = await signedUp(t);
    const code = segmentOf('Ann', ann.userRefnum);
    const email = freshEmail('friend');
    const body = { email, password: GOOD_PASSWORD, nameFirst: 'Bo', nameLast: 'Kim', referralCode: code };
    expect((await post(t, '/svc/users/signup', body)).statusCode).toBe(200);
    // Starting the unverified sign-up again does not count twice.
    expect((await post(t, '/svc/users/signup', body)).statusCode).toBe(200);

    const rows = await referrerOfUser(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.referrerId).toBe(await userIdOf(ann.email));
  });

  it('records the referral of an easy (email only) sign-up too', async () => {
    const ann = await signedUp(t);
    const email = freshEmail('easy');
    const res = await post(t, '/svc/users/easy-signup', { email, referralCode: segmentOf('Ann', ann.userRefnum) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await referrerOfUser(email)).toHaveLength(1);
  });

  it('ignores a code naming nobody: the sign-up goes through without a referral', async () => {
    const email = freshEmail('stale');
    const res = await post(t, '/svc/users/signup', {
      email,
      password: GOOD_PASSWORD,
      nameFirst: 'Cy',
      nameLast: 'Day',
      referralCode: 'cy-U00000000000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await referrerOfUser(email)).toEqual([]);
  });

  it('does not let a person who has not verified their email invite anyone', async () => {
    const pending = freshEmail('pending');
    const started = await post(t, '/svc/users/signup', {
      email: pending,
      password: GOOD_PASSWORD,
      nameFirst: 'Di',
      nameLast: 'Eve',
    });
    const { userRefnum } = json<{ data: { userRefnum: string } }>(started).data;
    const res = await t.app.inject({
      method: 'GET',
      url: `/svc/referral/referrer?name=${segmentOf('Di', userRefnum)}`,
    });
    expect(res.statusCode).toBe(404);
  });
});
