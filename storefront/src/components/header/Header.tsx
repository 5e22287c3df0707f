import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { $authDialog } from '../../stores/auth-dialog';
import { $locationDialogOpen, closeLocationDialog } from '../../stores/location-dialog';
import { $rewardDialog } from '../../stores/reward-dialogs';
import { SearchBox } from '../search/SearchBox';
import { Toaster } from '../Toaster';

// The zip dialog and the sign-in dialogs bring the api client and zod: load them when opened.
const LocationDialog = lazy(() => import('../LocationDialog'));
const AuthDialogs = lazy(() => import('../auth/AuthDialogs'));
// The referral popup and the reward card: only when one opens.
const RewardDialogs = lazy(() => import('../rewards/RewardDialogs'));

/**
 * The header's React part, one island: the search box with its suggestions, the page's toast
 * outlet and the dialogs the header opens. The rest of the header is HTML and a small script
 * (SiteHeader.astro); this island hydrates only when used (lib/header-demand.ts). The toasts
 * are fixed on screen and the dialogs modal, so they may live beside the search box.
 */
export function Header({ section = 'marketplace' }: { section?: 'marketplace' | 'rentals' }) {
  const hydrated = useHydrated();
  // Asked for before this island hydrated (client:demand): shown after, so the first render matches the server's.
  const authDialog = useStore($authDialog) && hydrated;
  const choosingLocation = useStore($locationDialogOpen) && hydrated;
  const rewardDialog = useStore($rewardDialog) && hydrated;
  return (
    <>
      <SearchBox section={section} />
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
      {rewardDialog && !authDialog && (
        <Suspense fallback={null}>
          <RewardDialogs />
        </Suspense>
      )}
    </>
  );
}
