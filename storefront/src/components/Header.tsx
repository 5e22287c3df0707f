import { useStore } from '@nanostores/react';
import { VERIFIED_TOOLTIP } from '@yardly/shared/rules';
import { lazy, type MouseEvent, Suspense, useEffect, useId, useRef, useState } from 'react';
import { greeting } from '../lib/auth-texts';
import { LOCATION_MENU_LABEL, type MenuLink, marketplaceMenu } from '../lib/navigation';
import { useHydrated } from '../lib/use-hydrated';
import { $authDialog, openAuthDialog, openDialogAskedByUrl } from '../stores/auth-dialog';
import { $location } from '../stores/location';
import { $session, $sessionKnown, GUEST_PROMPTS, logout, type Session } from '../stores/session';
import { Icon } from './Icon';
import { Logo } from './Logo';
import { SearchBox } from './search/SearchBox';
import { Toaster } from './Toaster';

// The zip dialog and the sign-in dialogs bring the api client and zod: load them when opened.
const LocationDialog = lazy(() => import('./LocationDialog'));
const AuthDialogs = lazy(() => import('./auth/AuthDialogs'));

interface HeaderProps {
  donationEnabled: boolean;
}

/**
 * The site header: logo, the marketplace menu (collapsed behind a toggle on small screens),
 * who is signed in, and the page's toast outlet. The one island on every page; it hydrates
 * when wanted (lib/header-demand.ts), which on a phone is when it is first touched.
 */
export function Header({ donationEnabled }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const [choosingLocation, setChoosingLocation] = useState(false);
  const hydrated = useHydrated();
  const session = useStore($session);
  const sessionKnown = useStore($sessionKnown) && hydrated;
  // A dialog asked for before the header hydrated (client:demand) opens after, as a toast does.
  const authDialog = useStore($authDialog) && hydrated;
  const storedLocation = useStore($location);
  const location = hydrated ? storedLocation : null;
  const navId = useId();
  const links = marketplaceMenu({ donationEnabled });

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  // `/?q=login` and `/?q=signup` (the auth redirect page sends people there) open those dialogs.
  useEffect(() => {
    void openDialogAskedByUrl();
  }, []);

  function onLinkClick(event: MouseEvent<HTMLAnchorElement>, link: MenuLink) {
    if (link.requiresLogin && !session) {
      event.preventDefault();
      openAuthDialog({ name: 'login', notice: GUEST_PROMPTS.account, returnTo: link.href });
    }
    setOpen(false);
  }

  function onLocationClick() {
    setOpen(false);
    setChoosingLocation(true);
  }

  function openFromMenu(name: 'login' | 'signup') {
    setOpen(false);
    openAuthDialog(name);
  }

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Logo />
        <SearchBox />
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={navId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? 'close' : 'menu'} size={24} />
        </button>
        <nav id={navId} className="main-nav" aria-label="Marketplace" data-open={open}>
          <ul className="main-nav__list">
            {links.map((link, index) => (
              <li key={link.href}>
                <a
                  className={index === 0 ? 'main-nav__link main-nav__link--primary' : 'main-nav__link'}
                  href={link.href}
                  onClick={(event) => onLinkClick(event, link)}
                >
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <button type="button" className="main-nav__link" onClick={onLocationClick}>
                <Icon name="pin" size={18} />
                {LOCATION_MENU_LABEL}
                {location && <span className="main-nav__place">{location.zip}</span>}
              </button>
            </li>
            {/* Until the stored login is read, neither 'Log in' nor a name: no flash of the wrong one. */}
            {sessionKnown && session && (
              <li>
                <AccountMenu session={session} onChoose={() => setOpen(false)} />
              </li>
            )}
            {sessionKnown && !session && (
              <>
                <li>
                  <button type="button" className="main-nav__link" onClick={() => openFromMenu('login')}>
                    Log in
                  </button>
                </li>
                <li>
                  <button
                    type="button"
                    className="main-nav__link main-nav__link--outline"
                    onClick={() => openFromMenu('signup')}
                  >
                    Sign up
                  </button>
                </li>
              </>
            )}
          </ul>
        </nav>
      </div>
      <Toaster />
      {choosingLocation && (
        <Suspense fallback={null}>
          <LocationDialog onClose={() => setChoosingLocation(false)} />
        </Suspense>
      )}
      {authDialog && (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      )}
    </header>
  );
}

/** 'Hi, Ann' and a small menu: complete the account (easy sign-up), change password, log out. */
function AccountMenu({ session, onChoose }: { session: Session; onChoose: () => void }) {
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  function choose(name: 'completeAccount' | 'changePassword' | 'workEmail') {
    setOpen(false);
    onChoose();
    openAuthDialog(name);
  }

  async function onLogout() {
    setLeaving(true);
    await logout();
    setLeaving(false);
    setOpen(false);
    onChoose();
  }

  return (
    <div className="account-menu" ref={root}>
      <button
        type="button"
        className="main-nav__link account-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {greeting(session.nameFirst)}
        {session.isProfessionVerified && (
          <span className="verified-badge" title={VERIFIED_TOOLTIP} role="img" aria-label={VERIFIED_TOOLTIP}>
            ✓
          </span>
        )}
      </button>
      <ul id={menuId} className="account-menu__list" hidden={!open}>
        <li>
          <a href="/myquest/selling">My listings</a>
        </li>
        <li>
          <a href="/favorites">My Favorites</a>
        </li>
        {session.isProgressive ? (
          <li>
            <button type="button" onClick={() => choose('completeAccount')}>
              Complete account
            </button>
          </li>
        ) : (
          <li>
            <button type="button" onClick={() => choose('changePassword')}>
              Change password
            </button>
          </li>
        )}
        {!session.isProfessionVerified && (
          <li>
            <button type="button" onClick={() => choose('workEmail')}>
              Verify work email
            </button>
          </li>
        )}
        <li>
          <a href="/notifications">Notifications</a>
        </li>
        <li>
          <button type="button" onClick={onLogout} disabled={leaving} aria-busy={leaving || undefined}>
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
