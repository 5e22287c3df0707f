import type { ReactNode } from 'react';

/**
 * A table inside a show page that may be wider than a phone: it scrolls sideways in here, not
 * the page. Focusable and named, so a keyboard can scroll it too (axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </section>
  );
}
