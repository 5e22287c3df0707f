import type { RewardEntry } from '@yardly/shared/contract';
import { formatCents } from '@yardly/shared/rules';
import { Modal } from '../account/Modal';

/** The 'reward card' dialog (spec section 2): greets a person once after they earned a reward. */
export function RewardCard({ entry, onClose }: { entry: RewardEntry; onClose: () => void }) {
  return (
    <Modal title="You earned a reward" onRequestClose={onClose} className="reward-card">
      <p className="reward-card__amount">{formatCents(entry.amount)}</p>
      <p>{entry.description}</p>
      <p className="auth-dialog__lead">Rewards never expire: spend them on your next purchase on Yardly.</p>
      <button type="button" className="button button--block" onClick={onClose}>
        Great, thanks
      </button>
    </Modal>
  );
}
