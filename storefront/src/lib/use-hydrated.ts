import { useStore } from '@nanostores/react';
import type { LoginData } from '@yardly/shared/contract';
import { useEffect, useState } from 'react';
import { $session } from '../stores/session';

/**
 * False on an island's first render, as on the server, then true. What only the browser knows
 * (the stored login, the chosen place, favourites) must wait for it: rendering it at once makes
 * the first client render differ from the server's HTML, and React throws the island's markup
 * away (minified error 418).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The stored login for what an island renders: null on the first render, as on the server (which
 * never knows it), then the browser's. A card that read `$session` at once drew a signed-in
 * person's first render differently from the server's HTML (React's error 418 on the home page).
 */
export function useRenderedSession(): LoginData | null {
  const stored = useStore($session);
  return useHydrated() ? stored : null;
}
