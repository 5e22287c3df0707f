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
  const narrow = useNarrow();
  // Open on a wide screen (a tablet turned, a window widened), the filters are the sidebar again;
  // narrow once more, the drawer is as the person left it.
  const asDialog = open && narrow;
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const panelId = useId();

  useEffect(() => {
    if (!asDialog) return;
    panel.current?.querySelector<HTMLElement>('button, input, select, summary, a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      opener.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    document.documentElement.classList.add('filters-drawer-open');
    return () => {
      window.removeEventListener('keydown', onKey);
      document.documentElement.classList.remove('filters-drawer-open');
    };
  }, [asDialog]);

  function close() {
    setOpen(false);
    opener.current?.focus();
  }

  return (
    <div className="filters-drawer" data-open={asDialog}>
      <button
        ref={opener}
        type="button"
        className="button button--secondary filters-drawer__open"
        aria-haspopup="dialog"
        aria-expanded={asDialog}
        aria-controls={panelId}
        onClick={() => setOpen(true)}
      >
        <Icon name="filter" size={18} />
        Filters
      </button>
      {asDialog && <div className="filters-drawer__shade" />}
      <div
        ref={panel}
        id={panelId}
        className="filters-drawer__panel"
        // A dialog only while open over the page; in the sidebar it is the filters' own aside.
        {...(asDialog ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } : {})}
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

/** Whether the screen is a phone's width (NARROW), following it as it changes. */
function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const onChange = () => setNarrow(query.matches);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
