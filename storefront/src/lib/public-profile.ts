import { isRefnum, type Profile } from '@yardly/shared/contract';
import { serverApi } from './api';

/**
 * The profile a public profile page names by `user_refnum` (server side), or null with the page's
 * status: 400 when the query names no refnum, 404 when the api has no such person (or failed:
 * the log names the page's `what`).
 */
export async function publicProfileOf(
  params: URLSearchParams,
  what: string,
): Promise<{ profile: Profile; status: 200 } | { profile: null; status: 400 | 404 }> {
  const refnum = params.get('user_refnum') ?? '';
  if (!isRefnum(refnum)) return { profile: null, status: 400 };
  try {
    return { profile: await serverApi().profile.byRefnum({ userRefnum: refnum }), status: 200 };
  } catch (cause) {
    console.error(`storefront: could not load the ${what} of ${refnum}:`, cause);
    return { profile: null, status: 404 };
  }
}
