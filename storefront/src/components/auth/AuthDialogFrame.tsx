import { type MouseEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { type AuthDialogName, closeAuthDialog } from '../../stores/auth-dialog';
import { Icon } from '../Icon';

interface AuthDialogFrameProps {
  name: AuthDialogName;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * A modal <dialog> (showModal traps focus and makes the page inert); Escape and the close
 * button close it. Unmounting it (another dialog opened) closes it too, which hands focus back.
 */
export function AuthDialogFrame({ name, title, lead, children }: AuthDialogFrameProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect: its clean-up runs while the element is still in the page, so close() works.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    focusFirstField(element);
    return () => {
      if (element.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="auth-dialog"
      aria-labelledby={titleId}
      onClose={() => closeAuthDialog(name)}
      onMouseDown={keepFocusOnLinkPress}
    >
      <h2 id={titleId}>{title}</h2>
      {lead && <p className="auth-dialog__lead">{lead}</p>}
      {children}
      {/* Last in the DOM so showModal does not focus it first; drawn at the top right. */}
      <button type="button" className="auth-dialog__close" aria-label="Close" onClick={() => dialog.current?.close()}>
        <Icon name="close" size={20} />
      </button>
    </dialog>
  );
}

/**
 * A press on a link or a plain button of the dialog ('Log in', 'Forgot password?') leaves the
 * focus in its field: the field's blur would show its message, which moves the link away from
 * under the pointer before the click lands, and the first click was lost. Submit buttons and
 * fields take the focus as usual.
 */
function keepFocusOnLinkPress(event: MouseEvent<HTMLDialogElement>): void {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('a[href], button[type="button"]')) event.preventDefault();
}

/** Puts the caret in the first empty field of a dialog or form (after a step changes, too). */
export function focusFirstField(scope: HTMLElement | null): void {
  const inputs = scope ? [...scope.querySelectorAll<HTMLInputElement>('input:not([type=hidden])')] : [];
  (inputs.find((input) => !input.value) ?? inputs[0])?.focus();
}
