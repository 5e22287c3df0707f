import { reportResolutionSchema } from '@yardly/shared/contract';
import { eventsFor, reportProcess } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { resolveButtons, resolveRequest } from './resolve';

const actionsIn = (status: 'open' | 'listing_removed' | 'no_action') => eventsFor(reportProcess, status, 'admin', {});

describe("the console's report resolution", () => {
  it('offers removing or no action on an open report only, as the report table allows an admin', () => {
    expect(resolveButtons({ actions: actionsIn('open') }, 'Remove listing')).toEqual([
      { event: 'removeListing', label: 'Remove listing' },
      { event: 'dismiss', label: 'No action' },
    ]);
    expect(resolveButtons({ actions: actionsIn('open') }, 'Remove rental').map((b) => b.label)).toEqual([
      'Remove rental',
      'No action',
    ]);
    expect(resolveButtons({ actions: actionsIn('listing_removed') }, 'Remove listing')).toEqual([]);
    expect(resolveButtons({ actions: actionsIn('no_action') }, 'Remove listing')).toEqual([]);
  });

  it('sends the status each resolution leaves, in the shape the api takes', () => {
    expect(resolveRequest('removeListing')).toEqual({ method: 'PUT', data: { status: 'listing_removed' } });
    expect(resolveRequest('dismiss')).toEqual({ method: 'PUT', data: { status: 'no_action' } });
    for (const event of ['removeListing', 'dismiss'] as const) {
      const request = resolveRequest(event);
      expect(request.method === 'PUT' && reportResolutionSchema.safeParse(request.data).success).toBe(true);
    }
  });
});
