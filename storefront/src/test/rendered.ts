import { act } from 'react';
import type { Root } from 'react-dom/client';
import { vi } from 'vitest';
import { $toast } from '../stores/toast';

/**
 * A rendered test's afterEach: the component unmounted under act(), its host gone, a toast it
 * showed cleared, stubbed globals and spies undone.
 */
export async function cleanUpRender(root: Root, host: HTMLElement): Promise<void> {
  await act(async () => root.unmount());
  host.remove();
  $toast.set(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}

/** Lets the page's calls answer and React render, until `done` holds. */
export async function settled(done: () => boolean): Promise<void> {
  await vi.waitFor(
    async () => {
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
      if (!done()) throw new Error('still loading');
    },
    { timeout: 3_000, interval: 20 },
  );
}

/** Clicks under act(), as a person does; nothing to click fails the test. */
export async function click(element: HTMLElement | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(async () => element.click());
}
