import { wakeHeader } from '../../lib/header-demand';
import { openAuthDialog, openDialogAskedByUrl, resumePendingFlow } from '../../stores/auth-dialog';
import { $location } from '../../stores/location';
import { openLocationDialog } from '../../stores/location-dialog';
import { openReferralPopup } from '../../stores/reward-dialogs';
import { $session, $sessionKnown, GUEST_PROMPTS, logout, type Session } from '../../stores/session';

/** What a header control asks for that needs the stores (and, to show it, React). */
export type HeaderAction =
  | { name: 'login' | 'signup' | 'completeAccount' | 'changePassword' | 'workEmail' }
  | { name: 'location' | 'logout' | 'askedByUrl' | 'pendingFlow' | 'referral' }
  /** A menu link that needs an account, followed by a guest: log in first, then go there. */
  | { name: 'guestLink'; href: string };

/** What the header's script shows of the stores: who is signed in, the chosen zip. */
export interface HeaderView {
  session(session: Session | null): void;
  place(zip: string | null): void;
}

/**
 * The part of the header that needs the stores, loaded by its script (header-view.ts) at the
 * first control that needs it: the dialogs and toasts it asks for show in the Header island.
 */
export async function run(action: HeaderAction): Promise<void> {
  switch (action.name) {
    case 'guestLink':
      openAuthDialog({ name: 'login', notice: GUEST_PROMPTS.account, returnTo: action.href });
      return;
    case 'location':
      openLocationDialog();
      return;
    case 'referral':
      openReferralPopup();
      return;
    case 'logout':
      await logout();
      return;
    case 'askedByUrl':
      await openDialogAskedByUrl();
      return;
    case 'pendingFlow':
      await resumePendingFlow();
      return;
    default:
      openAuthDialog(action.name);
  }
}

/** From now on the header shows the stores' signed-in person and place (a log in, a log out, another tab's place). */
export function follow(view: HeaderView): void {
  // Until the stored login is read, neither 'Log in' nor a name: the header keeps what it shows.
  const showSession = () => {
    if ($sessionKnown.get()) view.session($session.get());
  };
  $session.subscribe(showSession);
  $sessionKnown.subscribe(showSession);
  $location.subscribe((place) => view.place(place?.zip ?? null));
  // Its toasts (a log out, a session the server ended) show in the outlet: wake it.
  wakeHeader();
}
