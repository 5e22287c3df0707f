import { REVIEW_ROLES, type ReviewRole } from '@yardly/shared/rules';

export interface ProfileViewParams {
  tab: 'selling' | 'reviews';
  role: ReviewRole;
}

/**
 * The view a /myprofile sub-path names (spec section 2): 'selling', 'reviews' (as seller),
 * 'reviews/seller', 'reviews/buyer'; null for anything else, which redirects to selling.
 */
export function myProfileView(path: string | undefined): ProfileViewParams | null {
  const [tab, role, ...rest] = (path ?? '').split('/').filter(Boolean);
  if (rest.length) return null;
  if (tab === 'selling' && role === undefined) return { tab: 'selling', role: 'seller' };
  if (tab !== 'reviews') return null;
  if (role === undefined) return { tab: 'reviews', role: 'seller' };
  return (REVIEW_ROLES as readonly string[]).includes(role) ? { tab: 'reviews', role: role as ReviewRole } : null;
}

/** The view of a public profile's query (?tab=reviews&role=buyer); listings by default. */
export function publicProfileView(search: URLSearchParams): ProfileViewParams {
  const role = search.get('role') === 'buyer' ? 'buyer' : 'seller';
  return search.get('tab') === 'reviews' ? { tab: 'reviews', role } : { tab: 'selling', role: 'seller' };
}

/** A public profile's address for a view (the inverse of publicProfileView). */
export function publicProfilePath(userRefnum: string, view: ProfileViewParams): string {
  const params = new URLSearchParams({ user_refnum: userRefnum });
  if (view.tab === 'reviews') {
    params.set('tab', 'reviews');
    params.set('role', view.role);
  }
  return `/profile?${params}`;
}
