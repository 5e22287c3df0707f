import { useStore } from '@nanostores/react';
import { useHydrated } from '../lib/use-hydrated';
import { $toast, dismissToast, runToastAction } from '../stores/toast';

/** Shows the one current toast at the top centre; errors are announced at once. */
export function Toaster() {
  const stored = useStore($toast);
  // A toast may be what woke the header (client:demand): it shows once the server's empty
  // outlet is hydrated, so the first render still matches that HTML.
  const toast = useHydrated() ? stored : null;
  return (
    <div aria-live="polite" role="status">
      {toast && (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : undefined}
        >
          <span>{toast.message}</span>
          {toast.action && (
            <button type="button" className="toast__action" onClick={() => runToastAction(toast.id)}>
              {toast.action.label}
            </button>
          )}
          <button
            type="button"
            className="toast__close"
            aria-label="Close notification"
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
