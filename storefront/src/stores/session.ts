import { atom } from 'nanostores';

/** Who is signed in. The identity issue fills this; until then every visitor is a guest. */
export interface Session {
  userRefnum: string;
  userRoles: string[];
}

export const $session = atom<Session | null>(null);

/** The prompts a guest sees where an action needs an account (spec section 6). */
export const GUEST_PROMPTS = {
  favourite: 'Sign up or log in to save favourites',
  offer: 'Sign up or log in to make an offer',
  account: 'Sign up or log in to continue',
} as const;
