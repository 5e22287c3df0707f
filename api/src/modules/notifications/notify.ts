import type { NotificationSection } from '@yardly/shared/rules';
import type { Db } from '../../db/connect';
import { notifications } from '../../db/schema/index';

/**
 * In-app notices for some people, in the caller's transaction: shown on the marketplace's
 * /notifications, or on the rentals' /rentalsnotify with `section: 'rentals'`.
 */
export async function notify(
  tx: Db,
  userIds: number[],
  text: string,
  link: string | null = null,
  options: { section?: NotificationSection } = {},
): Promise<void> {
  if (userIds.length === 0) return;
  const section = options.section ?? 'market';
  await tx.insert(notifications).values(userIds.map((userId) => ({ userId, text, link, section })));
}
