import type { Db } from '../../db/connect';
import { notifications } from '../../db/schema/index';

/** In-app notices for some people, in the caller's transaction (shown on /notifications). */
export async function notify(tx: Db, userIds: number[], text: string, link: string | null = null): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(notifications).values(userIds.map((userId) => ({ userId, text, link })));
}
