import { SUCCESS_TOAST_MS } from '@yardly/shared/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, dismissToast, runToastAction, showToast } from './toast';

describe('$toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('closes a success toast after 5 seconds', () => {
    showToast('Successfully added address', 'success');
    vi.advanceTimersByTime(SUCCESS_TOAST_MS - 1);
    expect($toast.get()?.message).toBe('Successfully added address');
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it.each(['warning', 'error', 'default'] as const)('keeps a %s toast until it is closed', (kind) => {
    showToast('Select an address', kind);
    vi.advanceTimersByTime(60_000);
    expect($toast.get()).toMatchObject({ kind, message: 'Select an address' });
    dismissToast();
    expect($toast.get()).toBeNull();
  });

  it('shows one toast at a time: a new one replaces the old and its timer', () => {
    showToast('Saved', 'success');
    vi.advanceTimersByTime(SUCCESS_TOAST_MS - 100);
    showToast('Error fetching items', 'error');
    vi.advanceTimersByTime(SUCCESS_TOAST_MS);
    expect($toast.get()).toMatchObject({ kind: 'error', message: 'Error fetching items' });
  });

  it('ignores closing a toast that is no longer shown', () => {
    showToast('First');
    const first = $toast.get()?.id;
    showToast('Second');
    dismissToast(first);
    expect($toast.get()?.message).toBe('Second');
  });
});

describe('toast actions', () => {
  afterEach(() => dismissToast());

  it("runs the shown toast's action once and closes the toast", () => {
    let runs = 0;
    showToast('Sign up or log in to continue', 'warning', { label: 'Log in', run: () => runs++ });
    const id = $toast.get()?.id ?? 0;
    runToastAction(id);
    runToastAction(id);
    expect(runs).toBe(1);
    expect($toast.get()).toBeNull();
  });

  it('ignores the action of a toast that was replaced', () => {
    let runs = 0;
    showToast('First', 'warning', { label: 'Log in', run: () => runs++ });
    const first = $toast.get()?.id ?? 0;
    showToast('Second');
    runToastAction(first);
    expect(runs).toBe(0);
    expect($toast.get()?.message).toBe('Second');
  });
});
