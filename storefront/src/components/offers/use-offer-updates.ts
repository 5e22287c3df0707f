import type { Offer } from '@yardly/shared/contract';
import { useMemo, useRef } from 'react';
import { oneAtATime } from '../../lib/one-at-a-time';
import { useLiveEvent } from '../use-live-event';

/**
 * Reads the shown offers again when the live stream tells of a step of an offer they
 * `concern` (the other party's counter, acceptance, decline, withdrawal, or the 24-hour
 * expiry), and on every (re)connection, for what happened before it. One read at a time.
 */
export function useOfferUpdates(read: () => Promise<void>, concerns: (offer: Offer) => boolean): void {
  const latest = useRef(read);
  latest.current = read;
  const readAgain = useMemo(() => oneAtATime(() => latest.current()), []);
  useLiveEvent('offer', ({ offer }) => {
    if (concerns(offer)) void readAgain();
  });
  useLiveEvent('ready', () => void readAgain());
}
