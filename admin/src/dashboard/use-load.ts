import { useCallback, useEffect, useRef, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'ok'; data: T } | { state: 'error'; message: string };

/**
 * Runs `load` on mount and again on `retry()`; only the latest run's answer is shown.
 * `load` must be stable (a module-level function such as `api.health.check`). A failure keeps the
 * server's message for the screen and logs the cause.
 */
export function useLoad<T>(load: () => Promise<T>): [Loaded<T>, () => void] {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const latestRun = useRef(0);

  const run = useCallback(() => {
    const id = ++latestRun.current;
    setResult({ state: 'loading' });
    load().then(
      (data) => {
        if (latestRun.current === id) setResult({ state: 'ok', data });
      },
      (cause: unknown) => {
        console.error('Dashboard load failed', cause);
        const message = cause instanceof Error ? cause.message : String(cause);
        if (latestRun.current === id) setResult({ state: 'error', message });
      },
    );
  }, [load]);

  useEffect(() => {
    run();
    return () => {
      latestRun.current += 1; // unmounted: drop the answer still on its way
    };
  }, [run]);

  return [result, run];
}
