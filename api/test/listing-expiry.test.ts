import { LISTING_LIFETIME_DAYS } from '@yardly/shared/rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, transitions } from '../src/db/schema/index';
import { EXPIRY_EVERY_MINUTES } from '../src/modules/listings/expiry-job';
import { advanceClock, startTestApp, type TestApp } from './harness';
import { signedUp } from './identity-helpers';
import { publishedListing } from './selling-helpers';

// The listing process's expire timer fires through the durable jobs as the dev clock moves:
// no test waits 60 days, none sleeps.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY_MINUTES = 24 * 60;

async function listingNamed(refnum: string) {
  const [row] = await t.database.db.select().from(listings).where(eq(listings.refnum, refnum));
  if (!row) throw new Error(`no listing ${refnum}`);
  return row;
}

describe('listing expiry', () => {
  it('is taken by the system once the clock passes the listing lifetime, logged, and not before', async () => {
    const { token } = await signedUp(t);
    const refnum = await publishedListing(t, token);
    const published = await listingNamed(refnum);
    expect(published.state).toBe('live');

    await advanceClock(t, (LISTING_LIFETIME_DAYS - 1) * DAY_MINUTES);
    expect((await listingNamed(refnum)).state).toBe('live');

    await advanceClock(t, DAY_MINUTES + EXPIRY_EVERY_MINUTES);
    const expired = await listingNamed(refnum);
    expect(expired.state).toBe('expired');
    const log = await t.database.db
      .select()
      .from(transitions)
      .where(
        and(eq(transitions.process, 'listing'), eq(transitions.subjectId, expired.id), eq(transitions.event, 'expire')),
      );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ fromState: 'live', toState: 'expired', actorId: null, actorRole: 'system' });
  });

  it('leaves a listing that moved on before its end alone (sold stays sold)', async () => {
    const { token } = await signedUp(t);
    const refnum = await publishedListing(t, token);
    await advanceClock(t, 10); // access tokens live 15 minutes on the same clock
    const sold = await t.app.inject({
      method: 'POST',
      url: '/svc/listing/sold',
      payload: { listingRefnum: refnum },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sold.statusCode, sold.body).toBe(200);
    await advanceClock(t, LISTING_LIFETIME_DAYS * DAY_MINUTES);
    expect((await listingNamed(refnum)).state).toBe('sold');
  });
});
