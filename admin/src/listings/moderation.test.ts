import { describe, expect, it } from 'vitest';
import { moderationEvents, moderationRequest } from './moderation';

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
    expect(moderationEvents(live)).toEqual([
      { event: 'deactivate', label: 'Deactivate' },
      { event: 'remove', label: 'Remove' },
    ]);
    expect(moderationEvents({ ...live, state: 'sold' }).map((b) => b.event)).toEqual(['remove']);
    expect(moderationEvents({ ...live, state: 'deleted' }).map((b) => b.event)).toEqual(['restore']);
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
