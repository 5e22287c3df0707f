import { useEffect, useState } from 'react';

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
