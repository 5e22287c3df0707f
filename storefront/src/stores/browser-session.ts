import { createSession } from '@yardly/shared/client';

/**
 * The browser's one session (login data in localStorage, other tabs followed) that
 * `browserApi` takes its tokens from. It validates with zod, so it is loaded on demand:
 * read the signed-in person from `$session` in ./session, which mirrors it.
 */
export const browserSession = createSession();
