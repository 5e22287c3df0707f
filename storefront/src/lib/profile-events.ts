/** Told when a progressive account's full profile has loaded at start (lib/profile-start.ts): small, for the pages that wait. */
export const PROFILE_LOADED_EVENT = 'yardly:profile-loaded';
