import { truncate } from '@yardly/shared/rules';

export interface Crumb {
  label: string;
  /** Where the crumb navigates; for the 'Details' crumb, where to go when there is no history. */
  href?: string;
}

/** The crumb that goes back in history instead of navigating (spec section 2). */
export const BACK_CRUMB_LABEL = 'Details';

function goBack(fallbackHref: string | undefined) {
  if (window.history.length > 1) window.history.back();
  else window.location.assign(fallbackHref ?? '/');
}

/** The breadcrumb bar: crumbs navigate, 'Details' goes back, long text is cut to 37 characters. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const text = truncate(crumb.label);
          const title = text === crumb.label ? undefined : crumb.label;
          return (
            <li key={`${crumb.label}|${crumb.href ?? ''}`}>
              {crumb.label === BACK_CRUMB_LABEL ? (
                <button
                  type="button"
                  title={title}
                  aria-current={last ? 'page' : undefined}
                  onClick={() => goBack(crumb.href)}
                >
                  {text}
                </button>
              ) : crumb.href && !last ? (
                <a href={crumb.href} title={title}>
                  {text}
                </a>
              ) : (
                <span title={title} aria-current={last ? 'page' : undefined}>
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
