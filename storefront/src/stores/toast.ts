import { SUCCESS_TOAST_MS } from '@yardly/shared/rules';
import { atom } from 'nanostores';
import { wakeHeader } from '../lib/header-demand';

/** success: blue, closes by itself; warning: orange; error: red; default: black (spec section 8). */
export type ToastKind = 'success' | 'warning' | 'error' | 'default';

/** A button in the toast, e.g. 'Log in' under a guest prompt; using it closes the toast. */
export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  action?: ToastAction;
}

/** The one toast on screen, or null: a new toast replaces the one shown. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

export function showToast(message: string, kind: ToastKind = 'default', action?: ToastAction): void {
  clearTimeout(closeTimer);
  const toast: Toast = action ? { id: nextId++, kind, message, action } : { id: nextId++, kind, message };
  $toast.set(toast);
  wakeHeader();
  if (kind === 'success') {
    closeTimer = setTimeout(() => dismissToast(toast.id), SUCCESS_TOAST_MS);
  }
}

/** Closes the toast shown; with an id, only if that toast is still the one shown. */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(closeTimer);
  $toast.set(null);
}

/** Runs the shown toast's action and closes the toast. */
export function runToastAction(id: number): void {
  const current = $toast.get();
  if (!current?.action || current.id !== id) return;
  dismissToast(id);
  current.action.run();
}
