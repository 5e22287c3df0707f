import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { $authDialog } from '../../stores/auth-dialog';
import { $locationDialogOpen, closeLocationDialog } from '../../stores/location-dialog';
import { Toaster } from '../Toaster';

// The zip dialog and the sign-in dialogs bring the api client and zod: load them when opened.
const LocationDialog = lazy(() => import('../LocationDialog'));
const AuthDialogs = lazy(() => import('../auth/AuthDialogs'));

/**
 * The header's React part: the page's toast outlet and the dialogs the header opens. The
 * header itself is HTML and a small script (SiteHeader.astro); this island hydrates only when
 * something is to be shown in it (lib/header-demand.ts).
 */
export function HeaderOutlet() {
  const hydrated = useHydrated();
  // Asked for before this island hydrated (client:demand): shown after, so the first render matches the server's.
  const authDialog = useStore($authDialog) && hydrated;
  const choosingLocation = useStore($locationDialogOpen) && hydrated;
  return (
    <>
      <Toaster />
      {choosingLocation && (
        <Suspense fallback={null}>
          <LocationDialog onClose={closeLocationDialog} />
        </Suspense>
      )}
      {authDialog && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </>
  );
}
