import type { ReactNode } from 'react';
import { AppBar, Layout as RaLayout, TitlePortal } from 'react-admin';

/** The app bar with the page's title as the page's one h1 (react-admin renders it as a span). */
function TitledAppBar() {
  return (
    <AppBar>
      <TitlePortal component="h1" variant="h6" />
    </AppBar>
  );
}

/**
 * react-admin's layout with the titled app bar; the theme keeps it to the screen's width. The
 * bar stays on scroll: hidden, it would take the page's h1 out of the accessibility tree.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={TitledAppBar} appBarAlwaysOn>
      {children}
    </RaLayout>
  );
}
