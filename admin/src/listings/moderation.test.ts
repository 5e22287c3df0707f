import { adminEventsFor, type ListingFacts, type ListingState } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { moderationEvents, moderationRequest } from './moderation';

const FACTS: ListingFacts = { priceCents: 2500, openOffers: 2, orderInProgress: false };
/** The buttons of a listing in `state`, its actions computed as the api computes them. */
const buttons = (state: ListingState, facts: ListingFacts = FACTS) =>
  moderationEvents({ actions: adminEventsFor(state, facts) });

const live = {
  state: 'live' as const,
  status: 'active' as const,
  priceCents: 2500,
  offerCount: 2,
  deleted: false,
  featured: true,
};

describe("a moderator's buttons", () => {
  it('come from the listing process', () => {
    expect(buttons('live')).toEqual([
      { event: 'deactivate', label: 'Deactivate' },
      { event: 'remove', label: 'Remove' },
    ]);
    expect(buttons('sold').map((b) => b.event)).toEqual(['remove']);
    expect(buttons('deleted').map((b) => b.event)).toEqual(['restore']);
    expect(buttons('paused').map((b) => b.event)).toEqual(['activate', 'remove']);
    // An order of it in progress: no Activate, as the api knows and the record says.
    expect(buttons('paused', { ...FACTS, orderInProgress: true }).map((b) => b.event)).toEqual(['remove']);
  });

  it('each asks the api for its event, keeping the rest of the record', () => {
    expect(moderationRequest('deactivate', live)).toEqual({
      method: 'PUT',
      data: { status: 'active', deleted: false, featured: true, event: 'deactivate' },
    });
    expect(moderationRequest('restore', { ...live, deleted: true })).toEqual({
      method: 'PUT',
      data: { status: 'active', deleted: true, featured: true, event: 'restore' },
    });
    expect(moderationRequest('remove', live)).toEqual({ method: 'DELETE' });
  });
});
