import type { MouseEvent } from 'react';
import '../styles/product-list.css';

interface PaginationProps {
  /** One-based. */
  page: number;
  totalPages: number;
  /** The address of a page, so links work without script and open in new tabs. */
  hrefFor: (page: number) => string;
  onChange: (page: number) => void;
}

/** Page numbers to show: the first, the last and the current one with its neighbours; null is a gap. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const p of sorted) {
    const previous = result[result.length - 1];
    if (typeof previous === 'number' && p - previous === 2) result.push(previous + 1);
    else if (typeof previous === 'number' && p - previous > 2) result.push(null);
    result.push(p);
  }
  return result;
}

/** The address `search` (a page's query) with its page set: the rest of the query (a profile's user_refnum, its tab) stays. */
export function hrefWithPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  return `?${params}`;
}

export function Pagination({ page, totalPages, hrefFor, onChange }: PaginationProps) {
  if (totalPages <= 1) return null;

  function follow(event: MouseEvent<HTMLAnchorElement>, target: number) {
    // Let modified clicks open a new tab or window as links do.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    onChange(target);
  }

  const edge = (target: number, label: string, text: string, disabled: boolean) =>
    disabled ? (
      <span aria-disabled="true">{text}</span>
    ) : (
      <a href={hrefFor(target)} aria-label={label} onClick={(event) => follow(event, target)}>
        {text}
      </a>
    );

  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>{edge(page - 1, 'Previous page', '‹ Previous', page <= 1)}</li>
        {pageWindow(page, totalPages).map((p, index) => (
          <li key={p ?? `gap-${index}`}>
            {p === null ? (
              <span aria-hidden="true">…</span>
            ) : (
              <a
                href={hrefFor(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                onClick={(event) => follow(event, p)}
              >
                {p}
              </a>
            )}
          </li>
        ))}
        <li>{edge(page + 1, 'Next page', 'Next ›', page >= totalPages)}</li>
      </ul>
    </nav>
  );
}
