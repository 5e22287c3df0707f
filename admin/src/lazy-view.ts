import type { SvgIconComponent } from '@mui/icons-material';
import { type ComponentType, lazy } from 'react';

/**
 * A view loaded on first use, so the console's first screen carries no resource code
 * (react-admin's Layout shows its spinner meanwhile through Suspense).
 */
export function lazyView<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

type Page = 'list' | 'edit' | 'create' | 'show';

/**
 * A console resource's props for `<Resource>`: each page named by its export in the lazily loaded
 * views module, with the menu's icon, label (none: react-admin's own from the name) and the
 * field that names one record.
 */
export function lazyResource<M>(
  load: () => Promise<M>,
  pages: Partial<Record<Page, keyof M>>,
  { icon, label, recordRepresentation }: { icon: SvgIconComponent; label?: string; recordRepresentation?: string },
) {
  const views: Partial<Record<Page, ComponentType>> = {};
  for (const [page, name] of Object.entries(pages) as [Page, keyof M][]) views[page] = lazyView(load, name);
  return {
    ...views,
    icon,
    ...(label === undefined ? {} : { options: { label } }),
    ...(recordRepresentation === undefined ? {} : { recordRepresentation }),
  };
}
