import { Modal } from './Modal';

interface ConfirmDialogProps {
  message: string;
  onYes: () => void;
  onNo: () => void;
  pending?: boolean;
}

/** The yes/no confirmation of spec section 2 (delete an address, leave a dirty form). */
export function ConfirmDialog({ message, onYes, onNo, pending = false }: ConfirmDialogProps) {
  return (
    <Modal title="Please confirm" onRequestClose={onNo} className="confirm-dialog">
      <p>{message}</p>
      <div className="dialog-actions">
        <button type="button" className="button button--secondary" onClick={onNo} disabled={pending}>
          No
        </button>
        <button type="button" className="button" onClick={onYes} disabled={pending}>
          Yes
        </button>
      </div>
    </Modal>
  );
}
