import { ADMIN_RENTAL_EVENTS } from '@yardly/shared/contract';
import { eventsFor, RENTAL_STATES, rentalProcess } from '@yardly/shared/rules';
import { describe, expect, it } from 'vitest';
import { rentalModerationEvents, rentalModerationRequest } from './moderation';

/** The buttons of a rental in `state`, its actions computed as the api computes them. */
const buttons = (state: (typeof RENTAL_STATES)[number]) =>
  rentalModerationEvents({ actions: eventsFor(rentalProcess, state, 'admin', {}) });

describe("a moderator's buttons on a rental", () => {
  it('come from the rental process, by state', () => {
    expect(buttons('available')).toEqual([
      { event: 'deactivate', label: 'Deactivate' },
      { event: 'remove', label: 'Remove' },
    ]);
    expect(buttons('paused')).toEqual([
      { event: 'activate', label: 'Activate Listing' },
      { event: 'remove', label: 'Remove' },
    ]);
    expect(buttons('rented')).toEqual([{ event: 'remove', label: 'Remove' }]);
    expect(buttons('draft')).toEqual([{ event: 'remove', label: 'Remove' }]);
    expect(buttons('deleted')).toEqual([{ event: 'restore', label: 'Restore' }]);
  });

  it('are every event the process gives the admin, and no landlord event', () => {
    const admins = Object.entries(rentalProcess.events)
      .filter(([, def]) => (def.by as readonly string[]).includes('admin'))
      .map(([event]) => event);
    expect([...ADMIN_RENTAL_EVENTS].sort()).toEqual(admins.sort());
    const offered = new Set(RENTAL_STATES.flatMap((state) => buttons(state).map((b) => b.event)));
    expect([...offered].sort()).toEqual(admins.sort());
  });

  it('each asks the api for its event only', () => {
    expect(rentalModerationRequest('deactivate')).toEqual({ method: 'PUT', data: { event: 'deactivate' } });
  });
});
