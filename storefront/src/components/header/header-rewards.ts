import { mayUseRewards } from '../../lib/access-gates';
import { logFailure } from '../../lib/log-failure';
import { greetWithReward, openReferralPopup, takeReferralPopupOnLogin } from '../../stores/reward-dialogs';
import { $session, type Session } from '../../stores/session';
import { lastSeenReward, unseenReward } from '../rewards/rewards-view';

/**
 * Loaded by the header's script (header-view.ts) once the page has loaded, for someone signed
 * in (and at a login on the page): the referral popup once when openReferralPopupOnLogin was
 * set, and the 'reward card' for a reward earned since the last one this browser greeted them
 * for, on whatever page they open.
 */
export function followRewards(): void {
  let greeted: string | null = null;
  $session.subscribe((person) => {
    if (!person || person.userRefnum === greeted) return;
    greeted = person.userRefnum;
    void greet(person);
  });
}

/** What a signed-in person is shown on arriving: the popup they asked for, then a new reward's card. */
export async function greet(person: Session): Promise<void> {
  if (!mayUseRewards(person)) return;
  if (takeReferralPopupOnLogin()) openReferralPopup();
  try {
    const { browserApi } = await import('../../lib/api');
    const { reward } = await browserApi.rewards.latestReward();
    const unseen = reward && unseenReward([reward], lastSeenReward(person.userRefnum));
    if (unseen) greetWithReward(unseen);
  } catch (cause) {
    // A greeting is a courtesy: /myrewards shows the reward whatever happens here.
    logFailure('Could not read the newest reward', cause);
  }
}
