import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../Icon';

/** Where the filters leave the sidebar for a drawer (search.css, `.search-layout`). */
const NARROW = '(max-width: 768px)';

/**
 * A list's filters (issue 33): beside the results on a wide screen; on a phone behind a
 * 'Filters' button, in a drawer over the page, so the results come first. The drawer is a modal
 * dialog: named, closed by its button or Escape, and it gives the focus back.
 * One copy of the filters either way (CSS decides), so the server's HTML and the first render
 * are the same.
 */
export function FiltersDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button, input, select, summary, a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      opener.current?.focus();
    };
    // Wider than a phone (a turned tablet), the filters are in the sidebar again: no drawer.
    const wide = window.matchMedia(NARROW);
    const onWidth = () => {
      if (!wide.matches) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWidth);
    document.documentElement.classList.add('filters-drawer-open');
    return () => {
      window.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWidth);
      document.documentElement.classList.remove('filters-drawer-open');
    };
  }, [open]);

  function close() {
    setOpen(false);
    opener.current?.focus();
  }

  return (
    <div className="filters-drawer" data-open={open}>
      <button
        ref={opener}
        type="button"
        className="button button--secondary filters-drawer__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <Icon name="filter" size={18} />
        Filters
      </button>
      {open && <div className="filters-drawer__shade" />}
      <div
        ref={panel}
        id={panelId}
        className="filters-drawer__panel"
        // A dialog only while open over the page; in the sidebar it is the filters' own aside.
        {...(open ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } : {})}
      >
        <div className="filters-drawer__head">
          <h2 id={titleId} className="filters-drawer__title">
            Filters
          </h2>
          <button type="button" className="button filters-drawer__done" onClick={close}>
            Show results
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
