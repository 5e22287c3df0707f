import type { Notification } from '@yardly/shared/contract';
import type { NotificationKind, NotificationSection } from '@yardly/shared/rules';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock/clock';
import type { Db } from '../../db/connect';
import { notifications } from '../../db/schema/index';

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(
  row: Pick<NotificationRow, 'id' | 'kind' | 'text' | 'link' | 'readAt' | 'createdAt'>,
): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    text: row.text,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Each section has its own list and bell: the marketplace's (/notifications) and the rentals'
 * (/rentalsnotify). Every call here reads and changes one section's notifications of one person.
 */
const mineIn = (userId: number, section: NotificationSection) =>
  and(eq(notifications.userId, userId), eq(notifications.section, section));

/** How many of a person's notifications in a section are unread (the menu's count). */
export async function unreadNotifications(
  db: Db,
  userId: number,
  section: NotificationSection,
): Promise<{ unreadCount: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(mineIn(userId, section), isNull(notifications.readAt)));
  return { unreadCount: row?.n ?? 0 };
}

/** A page of a person's notifications in a section, newest first, with the unread count. */
export async function listNotifications(
  db: Db,
  userId: number,
  section: NotificationSection,
  query: { page: number; size: number },
) {
  const mine = mineIn(userId, section);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(mine),
    unreadNotifications(db, userId, section),
  ]);
  return {
    notifications: {
      content: rows.map(toNotification),
      number: query.page,
      size: query.size,
      totalElements: total?.n ?? 0,
    },
    unreadCount: unread.unreadCount,
  };
}

/**
 * Marks the caller's notifications of a section read: those of `ids` (ids of someone else's, or
 * of the other section, are left alone, as unknown ones are), or all. Answers the count left unread.
 */
export async function markNotificationsRead(
  db: Db,
  clock: Clock,
  userId: number,
  section: NotificationSection,
  ids: number[] | undefined,
) {
  await db
    .update(notifications)
    .set({ readAt: clock.now() })
    .where(
      and(mineIn(userId, section), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined),
    );
  return unreadNotifications(db, userId, section);
}

/**
 * Deletes the caller's notifications of a section: those of `ids` (others' and the other
 * section's left alone), or all. Answers the count left unread.
 */
export async function deleteNotifications(
  db: Db,
  userId: number,
  section: NotificationSection,
  ids: number[] | undefined,
) {
  await db.delete(notifications).where(and(mineIn(userId, section), ids ? inArray(notifications.id, ids) : undefined));
  return unreadNotifications(db, userId, section);
}
