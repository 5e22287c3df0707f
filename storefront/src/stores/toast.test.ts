import { SUCCESS_TOAST_MS } from '@yardly/shared/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toast, dismissToast, showToast } from './toast';

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
