// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $rewardDialog, askReferralPopupOnLogin, closeRewardDialog } from '../../stores/reward-dialogs';
import { fakeApi } from '../../test/fake-api';
import { loginData } from '../../test/login-data';
import { rememberSeenReward } from '../rewards/rewards-view';
import { greet } from './header-rewards';

await vi.hoisted(async () => {
  const { storeLoginData } = await import('../../test/login-data');
  storeLoginData();
});

const person = loginData();
const REWARD = { amount: 500, description: 'Reward for inviting Bo K. (W0123456789A)', at: '2026-11-22T10:00:00.000Z' };

beforeEach(() => {
  localStorage.removeItem('yardly.rewardSeen.U0123456789A');
  localStorage.removeItem('yardly.openReferralPopupOnLogin');
  closeRewardDialog();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the greeting on any page', () => {
  it('opens the reward card for a reward not greeted before, and not once it was', async () => {
    fakeApi({ 'GET /rewards/latest': () => ({ data: { reward: REWARD } }) });
    await greet(person);
    expect($rewardDialog.get()).toEqual({ name: 'rewardCard', entry: REWARD });

    closeRewardDialog();
    rememberSeenReward(person.userRefnum, REWARD.at);
    await greet(person);
    expect($rewardDialog.get()).toBeNull();
  });

  it('asks nothing of a person with no reward', async () => {
    const api = fakeApi({ 'GET /rewards/latest': () => ({ data: { reward: null } }) });
    await greet(person);
    expect($rewardDialog.get()).toBeNull();
    expect(api.to('GET', '/rewards/latest')).toHaveLength(1);
  });

  it('opens the referral popup once after login when openReferralPopupOnLogin was set, before any card', async () => {
    fakeApi({ 'GET /rewards/latest': () => ({ data: { reward: REWARD } }) });
    askReferralPopupOnLogin();
    await greet(person);
    expect($rewardDialog.get()).toEqual({ name: 'referral' });
    closeRewardDialog();
    await greet(person);
    expect($rewardDialog.get()).toEqual({ name: 'rewardCard', entry: REWARD });
  });

  it('greets no progressive account that is not profession-verified (rewards are not theirs yet)', async () => {
    const api = fakeApi({ 'GET /rewards/latest': () => ({ data: { reward: REWARD } }) });
    askReferralPopupOnLogin();
    await greet(loginData({ isProgressive: true }));
    expect($rewardDialog.get()).toBeNull();
    expect(api.to('GET', '/rewards/latest')).toHaveLength(0);
  });
});
