import type { LiveEventPayload, LiveEventType } from '@yardly/shared/contract';
import { useEffect, useRef } from 'react';
import { $live, onLiveEvent } from '../stores/live';

/**
 * Calls `handler` with each new live event of `type` while the component is shown, keeping
 * this tab's live stream open meanwhile (the latest handler is called: no stale state).
 */
export function useLiveEvent<T extends LiveEventType>(type: T, handler: (payload: LiveEventPayload<T>) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const keepOpen = $live.listen(() => {});
    const stop = onLiveEvent(type, (payload) => latest.current(payload));
    return () => {
      stop();
      keepOpen();
    };
  }, [type]);
}
