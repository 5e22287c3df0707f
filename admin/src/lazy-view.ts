import { type ComponentType, lazy } from 'react';

/**
 * A view loaded on first use, so the console's first screen carries no resource code
 * (react-admin's Layout shows its spinner meanwhile through Suspense).
 */
export function lazyView<M>(load: () => Promise<M>, name: keyof M): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
