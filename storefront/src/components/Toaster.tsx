import { useStore } from '@nanostores/react';
import { $toast, dismissToast, runToastAction } from '../stores/toast';

/** Shows the one current toast at the top centre; errors are announced at once. */
export function Toaster() {
  const toast = useStore($toast);
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
