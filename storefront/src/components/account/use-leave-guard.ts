import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * While a form is dirty, the browser asks before the page is closed or left (spec section 4).
 * Returns `release()`: call it after a successful save, before navigating away, so the prompt
 * is gone at once (a state change would only take the listener off after the next render,
 * too late for a `location.assign` in the same tick).
 */
export function useUnloadWarning(dirty: boolean): () => void {
  const listener = useRef<((event: BeforeUnloadEvent) => void) | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    listener.current = warn;
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (listener.current === warn) listener.current = null;
    };
  }, [dirty]);
  return useCallback(() => {
    if (listener.current) window.removeEventListener('beforeunload', listener.current);
    listener.current = null;
  }, []);
}

/**
 * The sell and rental forms' guard: dirty while their values or pictures differ from what was
 * loaded, until `saved()` (a successful save leaves without asking).
 */
export function useDraftLeaveGuard<V>(values: V, loaded: V, pictureCount: number, loadedPictureCount: number) {
  const [leaving, setLeaving] = useState(false);
  const dirty = !leaving && (pictureCount !== loadedPictureCount || JSON.stringify(values) !== JSON.stringify(loaded));
  const release = useUnloadWarning(dirty);
  return useCallback(() => {
    release();
    setLeaving(true);
  }, [release]);
}
