import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { notifications } from '../../db/schema/index';

/** A person's latest notices, newest first. */
export async function latestNotices(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(50);
  return rows.map((n) => ({ id: n.id, text: n.text, link: n.link, createdAt: n.createdAt.toISOString() }));
}
