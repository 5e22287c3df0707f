import type { FullProfile } from '@yardly/shared/contract';
import { useCallback, useState } from 'react';
import { browserApi } from '../../lib/api';
import { logFailure } from '../../lib/log-failure';

/**
 * The signed-in person's own profile for My Profile and My rentals profile: `load` reads it (again
 * after a change); `error` once a read failed, until one succeeds.
 */
export function useFullProfile(page: string) {
  const [profile, setProfile] = useState<FullProfile | null>(null);
  const [error, setError] = useState(false);
  const load = useCallback(async () => {
    try {
      setProfile(await browserApi.profile.full());
      setError(false);
    } catch (cause) {
      logFailure(`${page}: a call failed`, cause);
      setError(true);
    }
  }, [page]);
  return { profile, error, load };
}
