import { useStore } from '@nanostores/react';
import { lazy, type MouseEvent, Suspense, useEffect, useId, useState } from 'react';
import { LOCATION_MENU_LABEL, type MenuLink, marketplaceMenu } from '../lib/navigation';
import { $location } from '../stores/location';
import { $session, GUEST_PROMPTS } from '../stores/session';
import { showToast } from '../stores/toast';
import { Icon } from './Icon';
import { Logo } from './Logo';
import { Toaster } from './Toaster';

// The zip dialog brings the api client and zod: load it when someone opens it.
const LocationDialog = lazy(() => import('./LocationDialog'));

interface HeaderProps {
  donationEnabled: boolean;
}

/**
 * The site header: logo, the marketplace menu (collapsed behind a toggle on small screens)
 * and the page's toast outlet. The one island every page loads.
 */
export function Header({ donationEnabled }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const [choosingLocation, setChoosingLocation] = useState(false);
  const session = useStore($session);
  const location = useStore($location);
  const navId = useId();
  const links = marketplaceMenu({ donationEnabled });

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  function onLinkClick(event: MouseEvent<HTMLAnchorElement>, link: MenuLink) {
    if (link.requiresLogin && !session) {
      event.preventDefault();
      showToast(GUEST_PROMPTS.account, 'warning');
    }
    setOpen(false);
  }

  function onLocationClick() {
    setOpen(false);
    setChoosingLocation(true);
  }

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Logo />
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
          </ul>
        </nav>
      </div>
      <Toaster />
      {choosingLocation && (
        <Suspense fallback={null}>
          <LocationDialog onClose={() => setChoosingLocation(false)} />
        </Suspense>
      )}
    </header>
  );
}
