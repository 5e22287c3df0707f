import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { logFailure } from './log-failure';

/** Where a read in the browser stands: `data` only once ready, `error` only once failed. */
export type Loaded<T> =
  | { state: 'loading'; data?: undefined; error?: undefined }
  | { state: 'failed'; error: unknown; data?: undefined }
  | { state: 'ready'; data: T; error?: undefined };

export type LoadedResult<T> = Loaded<T> & {
  /** Reads again. Quietly keeps what shows until the answer lands (a refresh after a change). */
  reload: (options?: { quietly?: boolean }) => Promise<void>;
  /** Shows data the page already has (the answer a change returned), without reading. */
  set: (data: T) => void;
  /** Changes what shows, once ready (a card after its action); nothing while loading or failed. */
  update: (change: (data: T) => T) => void;
};

export interface LoadedOptions {
  /** What the failure log says (lib/log-failure.ts), e.g. 'Could not load the home rails'. */
  failure: string;
  /** A change of deps keeps what shows until the new answer lands, instead of the spinner. */
  quietly?: boolean;
}

/**
 * One read's loading, failure and answer, read again when deps change. Only the newest read
 * lands: an older answer that comes after a newer read began (a page or a place changed
 * meanwhile) is dropped, and none lands after the component is gone.
 */
export function useLoaded<T>(
  load: () => Promise<T>,
  deps: DependencyList,
  { failure, quietly = false }: LoadedOptions,
): LoadedResult<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  // The newest load and failure text: reload() reads with what the last render saw.
  const latest = useRef({ load, failure });
  latest.current = { load, failure };
  const newestRead = useRef(0);
  const firstRead = useRef(true);

  const reload = useCallback(async ({ quietly: keepShowing = false }: { quietly?: boolean } = {}) => {
    const read = ++newestRead.current;
    if (!keepShowing) setLoaded((shown) => (shown.state === 'loading' ? shown : { state: 'loading' }));
    try {
      const data = await latest.current.load();
      if (read === newestRead.current) setLoaded({ state: 'ready', data });
    } catch (error) {
      if (read !== newestRead.current) return;
      logFailure(latest.current.failure, error);
      setLoaded({ state: 'failed', error });
    }
  }, []);

  const update = useCallback((change: (data: T) => T) => {
    setLoaded((shown) => (shown.state === 'ready' ? { state: 'ready', data: change(shown.data) } : shown));
  }, []);

  const set = useCallback((data: T) => {
    newestRead.current++; // a read still under way would put back what this replaces
    setLoaded({ state: 'ready', data });
  }, []);

  useEffect(() => {
    void reload({ quietly: quietly && !firstRead.current });
    firstRead.current = false;
    return () => {
      newestRead.current++; // gone, or about to read for new deps: this read's answer is stale
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's, as for its own useEffect.
  }, deps);

  return { ...loaded, reload, set, update };
}

/**
 * What a read returns when it has nothing to ask yet or the page is leaving (a sign-in gate or a
 * lost organisation sent the browser elsewhere): it never settles, so the page keeps its spinner,
 * not an error.
 */
export function stayLoading<T>(): Promise<T> {
  return new Promise<T>(() => {});
}
