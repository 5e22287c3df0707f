/**
 * Progressive accounts at start (spec section 4): a progressive account's full profile is read
 * when a page opens, behind a global block; pages that wait for it (the not-found page) hear
 * PROFILE_LOADED_EVENT. BaseLayout's script marks <html data-profile-loading> at once and loads
 * this module only for such an account, so nobody else's page carries the api client for it.
 */
import { browserApi } from './api';
import { logFailure } from './log-failure';
import { PROFILE_LOADED_EVENT } from './profile-events';

export const PROFILE_BLOCK_TEXT = 'Loading your account…';

export async function loadFullProfile(): Promise<void> {
  const block = document.createElement('div');
  block.className = 'profile-block';
  block.setAttribute('role', 'status');
  block.textContent = PROFILE_BLOCK_TEXT;
  // A block: what it covers cannot be clicked, focused or read until the profile is in.
  const covered = [...document.body.children].filter((el) => !el.hasAttribute('inert'));
  for (const el of covered) el.setAttribute('inert', '');
  document.body.append(block);
  try {
    await browserApi.profile.full();
  } catch (cause) {
    logFailure('Could not load the full profile', cause);
  } finally {
    block.remove();
    for (const el of covered) el.removeAttribute('inert');
    delete document.documentElement.dataset.profileLoading;
    window.dispatchEvent(new Event(PROFILE_LOADED_EVENT));
  }
}
