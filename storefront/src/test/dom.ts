import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * A happy-dom host for one rendered component per test: `mount()` in beforeEach, `unmount()` in
 * afterEach; `render` draws into it under act().
 */
export function domHost() {
  let root: Root | null = null;
  const state = { host: document.body as HTMLElement };
  return {
    get host() {
      return state.host;
    },
    mount() {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      state.host = document.createElement('div');
      document.body.append(state.host);
      root = createRoot(state.host);
    },
    async render(element: ReactElement) {
      await act(async () => root?.render(element));
    },
    async unmount() {
      await act(async () => root?.unmount());
      state.host.remove();
    },
  };
}

/** The input a visible label names (its text starts with `label`). */
export function inputLabelled(host: HTMLElement, label: string): HTMLInputElement {
  const found = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
  const field = found && host.querySelector<HTMLInputElement>(`#${CSS.escape(found.htmlFor)}`);
  if (!field) throw new Error(`no field ${label}`);
  return field;
}

/** Types into a field as a person does: React sees the input event. */
export async function typeInto(field: HTMLInputElement, text: string): Promise<void> {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Leaves a field (React's onBlur): it counts as touched. */
export async function leaveField(field: HTMLInputElement): Promise<void> {
  await act(async () => {
    field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

/** The button whose text is exactly `text`. */
export function buttonNamed(host: HTMLElement, text: string): HTMLButtonElement | undefined {
  return [...host.querySelectorAll('button')].find((b) => b.textContent === text);
}
