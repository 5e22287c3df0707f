import { useMediaQuery, useTheme } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { AppBar, Layout as RaLayout, TitlePortal, useSidebarState } from 'react-admin';

/** The app bar with the page's title as the page's one h1 (react-admin renders it as a span). */
function TitledAppBar() {
  return (
    <AppBar>
      <TitlePortal component="h1" variant="h6" />
    </AppBar>
  );
}

/**
 * On a phone the menu is a modal drawer over the page: a window narrowed with the menu open (a
 * tablet turned, the page checks' 384 px look after a 1280 one) closes it, else the page, its
 * title (the page's h1) included, stays hidden behind the drawer until the person closes it.
 */
function CloseMenuWhenNarrowed() {
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow, setOpen]);
  return null;
}

/**
 * react-admin's layout with the titled app bar; the theme keeps it to the screen's width. The
 * bar stays on scroll: hidden, it would take the page's h1 out of the accessibility tree.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={TitledAppBar} appBarAlwaysOn>
      <CloseMenuWhenNarrowed />
      {children}
    </RaLayout>
  );
}
