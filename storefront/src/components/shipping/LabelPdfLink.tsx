import { ApiError, GENERIC_ERROR_MESSAGE } from '@yardly/shared/client';
import { useRef } from 'react';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';

/** A signed label link lives 5 minutes (docs/decisions/0044): one older than this is asked for again first. */
const FRESH_MS = 4 * 60_000;

interface LabelPdfLinkProps {
  /** The label's signed URL as the api answered it. */
  labelUrl: string;
  /** Asks the api for the label again: a fresh signed URL. */
  refresh: () => Promise<string>;
  children: string;
  className?: string;
}

/**
 * Opens a label's PDF in a new tab. A new tab carries no bearer token, so the api answers the
 * label's owner a link signed for 5 minutes; a page left open longer asks for a fresh one,
 * opening the tab at once (within the click, so no popup blocker stops it) and sending it there.
 */
export function LabelPdfLink({ labelUrl, refresh, children, className = 'button' }: LabelPdfLinkProps) {
  const received = useRef({ url: labelUrl, at: Date.now() });
  if (received.current.url !== labelUrl) received.current = { url: labelUrl, at: Date.now() };

  function open(event: React.MouseEvent<HTMLAnchorElement>) {
    if (Date.now() - received.current.at < FRESH_MS) return;
    event.preventDefault();
    const tab = window.open('', '_blank');
    void refresh()
      .then((fresh) => {
        received.current = { url: fresh, at: Date.now() };
        if (tab) tab.location.href = fresh;
        else window.location.href = fresh;
      })
      .catch((cause) => {
        logFailure('Could not open the label', cause);
        tab?.close();
        showToast(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE, 'error');
      });
  }

  return (
    <a className={className} href={labelUrl} target="_blank" rel="noopener" onClick={open}>
      {children}
    </a>
  );
}
