import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { Icon } from '../Icon';

interface ModalProps {
  title: string;
  children: ReactNode;
  /** Asked to close (Escape, the close button): the owner decides, e.g. after a leave prompt. */
  onRequestClose: () => void;
  className?: string;
}

/**
 * A modal <dialog> that its owner mounts while it is open: showModal traps focus and makes the
 * page inert; Escape and the close button ask the owner to close it.
 */
export function Modal({ title, children, onRequestClose, className }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => {
      if (element?.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={className ? `auth-dialog ${className}` : 'auth-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the owner closes it (or keeps it open after a leave prompt).
        event.preventDefault();
        onRequestClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <button type="button" className="auth-dialog__close" aria-label="Close" onClick={onRequestClose}>
        <Icon name="close" size={20} />
      </button>
    </dialog>
  );
}
