import { useStore } from '@nanostores/react';
import { $rewardDialog, closeRewardDialog } from '../../stores/reward-dialogs';
import { $session } from '../../stores/session';
import { ReferralPopup } from './ReferralPopup';
import { RewardCard } from './RewardCard';
import { rememberSeenReward } from './rewards-view';
import '../../styles/rewards.css';

/**
 * The rewards dialog a page asked for, shown in the header's island on any page: the referral
 * popup, or the reward card (closing it remembers the reward as greeted, so it shows once).
 */
export default function RewardDialogs() {
  const dialog = useStore($rewardDialog);
  const person = useStore($session);
  if (!dialog || !person) return null;
  if (dialog.name === 'referral') return <ReferralPopup person={person} onClose={closeRewardDialog} />;
  const close = () => {
    rememberSeenReward(person.userRefnum, dialog.entry.at);
    closeRewardDialog();
  };
  return <RewardCard entry={dialog.entry} onClose={close} />;
}
