import {
  createContext,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
} from 'react';
import { type AuthDialogName, closeOpenAuthDialog, type OpenAuthDialog } from '../../stores/auth-dialog';
import { Icon } from '../Icon';

interface AuthDialogFrameProps {
  name: AuthDialogName;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** Where a dialog sits in the stack of open ones: which opening it is, and whether it is on top. */
interface Place {
  id: number;
  onTop: boolean;
  opener: Element | null;
}

const PlaceContext = createContext<Place>({ id: 0, onTop: true, opener: null });

/** Gives the dialog inside its place in the stack (`$authDialogs`). */
export function AuthDialogPlace({
  open,
  onTop,
  children,
}: {
  open: OpenAuthDialog;
  onTop: boolean;
  children: ReactNode;
}) {
  return <PlaceContext value={{ id: open.id, onTop, opener: open.opener }}>{children}</PlaceContext>;
}

/**
 * A modal <dialog> (showModal traps focus and makes the page inert). Dialogs stack: each new
 * one's showModal puts it over the others, which are inert (the attribute says so too) until
 * it closes; Escape closes the top one only (the browser sends it there), as its close button
 * does. Closing or unmounting it hands the focus back to what opened it.
 */
export function AuthDialogFrame({ name, title, lead, children }: AuthDialogFrameProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const place = useContext(PlaceContext);

  // A layout effect: its clean-up runs while the element is still in the page, so close() works.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) element.showModal();
    focusFirstField(element);
    return () => {
      if (element.open) element.close();
      // After the commit: the dialog below is inert until then, and would refuse the focus.
      queueMicrotask(() => giveFocusBack(place.opener));
    };
  }, [place.opener]);

  return (
    <dialog
      ref={dialog}
      className="auth-dialog"
      data-dialog={name}
      aria-labelledby={titleId}
      aria-modal={place.onTop ? true : undefined}
      inert={!place.onTop}
      onClose={() => closeOpenAuthDialog(place.id)}
      onMouseDown={keepFocusOnLinkPress}
      onFocus={noteFocus}
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

/** The last control that had the focus in each open dialog: where its focus goes back to when the one over it closes. */
const lastFocused = new WeakMap<HTMLDialogElement, HTMLElement>();

function noteFocus(event: FocusEvent<HTMLDialogElement>): void {
  if (event.target instanceof HTMLElement) lastFocused.set(event.currentTarget, event.target);
}

function canTakeFocus(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element !== document.body &&
    element.isConnected &&
    !element.matches(':disabled') &&
    !element.closest('dialog:not([open]), [inert]')
  );
}

/**
 * The focus back to the opener, unless it has already gone somewhere in use (the dialog that
 * opened in its place). An opener that cannot take it (the submit button that opened the next
 * step was disabled while it worked, and lost the focus then): where the focus last was in the
 * dialog now on top.
 */
function giveFocusBack(opener: Element | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.closest('dialog[open]')) return;
  if (canTakeFocus(opener)) {
    opener.focus();
    return;
  }
  const top = [...document.querySelectorAll<HTMLDialogElement>('dialog.auth-dialog[open]')].at(-1);
  if (!top) return;
  const last = lastFocused.get(top);
  if (canTakeFocus(last)) last.focus();
  else focusFirstField(top);
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
