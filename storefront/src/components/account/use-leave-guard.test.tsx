// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUnloadWarning } from './use-leave-guard';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let root: Root;
let release: () => void = () => undefined;

function Form({ dirty }: { dirty: boolean }) {
  release = useUnloadWarning(dirty);
  return null;
}

/** Whether leaving the page now would make the browser ask. */
function asks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  root = createRoot(document.createElement('div'));
});

afterEach(async () => {
  await act(async () => root.unmount());
});

describe('the leave prompt of a guarded form', () => {
  it('asks while the form is dirty, not when it is clean', async () => {
    await act(async () => root.render(<Form dirty={false} />));
    expect(asks()).toBe(false);
    await act(async () => root.render(<Form dirty />));
    expect(asks()).toBe(true);
  });

  it('no longer asks at once after a successful save released it, before any re-render', async () => {
    await act(async () => root.render(<Form dirty />));
    release(); // as the rental form does right before location.assign
    expect(asks()).toBe(false);
  });

  it('asks again when the form turns dirty anew after a release', async () => {
    await act(async () => root.render(<Form dirty />));
    release();
    await act(async () => root.render(<Form dirty={false} />));
    await act(async () => root.render(<Form dirty />));
    expect(asks()).toBe(true);
  });
});
