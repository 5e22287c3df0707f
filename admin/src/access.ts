import {
  ADMIN_RESOURCES,
  type AdminResource,
  type AdminVerb,
  adminResourceEnabled,
  mayAdmin,
} from '@yardly/shared/rules';

/** react-admin's action names to the matrix's verbs (an export reads the list). */
function verbOf(action: string): AdminVerb {
  if (action === 'export' || action === 'list') return 'list';
  if (action === 'show' || action === 'create' || action === 'edit' || action === 'delete') return action;
  return 'edit'; // bulk and custom actions change records
}

/**
 * Whether the console shows a resource's menu entry, route or button to these roles: the api's
 * matrix (shared/rules/roles.ts), and the donation resources only in a build with the donation
 * flag on. The api refuses regardless.
 */
export function consoleMayAccess(
  roles: readonly string[],
  resource: string,
  action: string,
  flags: { donationEnabled: boolean },
): boolean {
  if (!(ADMIN_RESOURCES as readonly string[]).includes(resource)) return false;
  const known = resource as AdminResource;
  return adminResourceEnabled(known, flags) && mayAdmin(roles, known, verbOf(action));
}
