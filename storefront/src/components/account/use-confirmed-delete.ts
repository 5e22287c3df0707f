import { useState } from 'react';
import { logFailure } from '../../lib/log-failure';
import { showToast } from '../../stores/toast';

/**
 * Deleting a saved thing after the person confirms it (a saved address, a payment card): `setDeleting`
 * opens the question for one, `confirmDelete` removes it, says so in a toast and reads the list
 * again; a failure says so in a toast and the log. Either way the question closes.
 */
export function useConfirmedDelete<T>({
  remove,
  toasts,
  failure,
  reload,
}: {
  remove: (item: T) => Promise<unknown>;
  toasts: { deleted: string; deleteError: string };
  failure: string;
  reload: () => Promise<void>;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [pending, setPending] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setPending(true);
    try {
      await remove(deleting);
      showToast(toasts.deleted, 'success');
      await reload();
    } catch (cause) {
      logFailure(failure, cause);
      showToast(toasts.deleteError, 'error');
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  return { deleting, setDeleting, pending, confirmDelete };
}
