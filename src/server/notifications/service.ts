/**
 * The bell and the email switches (docs/decisions/022-notifications-and-email.md): a user reads and
 * marks their own in-app notifications only, and turns their own notification emails on or off.
 * Every function takes the signed-in user's id (identity from the session,
 * docs/decisions/009-identity-from-the-session.md).
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  NOTIFICATION_LIST_LIMIT,
  type EmailPreferences,
  type Notification,
  type NotificationKind,
  type NotificationList,
} from '../../shared/schemas/notifications';
import type { Database } from '../db/client';
import { notifications, users } from '../db/schema';
import { notFound } from '../http/errors';

const unreadOf = (userId: string) => and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt));

/** How many of `userId`'s in-app notifications are unread. */
export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ count: count() }).from(notifications).where(unreadOf(userId));
  return row?.count ?? 0;
}

/**
 * `userId`'s latest in-app notifications, newest first, and the unread count of all of them.
 * @param limit at most this many (default {@link NOTIFICATION_LIST_LIMIT})
 */
export async function listNotifications(db: Database, userId: string, limit = NOTIFICATION_LIST_LIMIT): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const list: Notification[] = rows.map((row) => ({
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }));
  return { notifications: list, unreadCount: await countUnreadNotifications(db, userId) };
}

/**
 * Marks one of `userId`'s in-app notifications read (a read one keeps its first `readAt`).
 * @returns the unread count afterwards
 * @throws HttpError 404 when there is no such in-app notification of `userId` (another user's
 *   notification is not revealed, and nothing changes)
 */
export async function markNotificationRead(db: Database, userId: string, notificationId: string): Promise<number> {
  const [row] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId), eq(notifications.inApp, true)))
    .limit(1);
  if (!row) throw notFound('Notification not found.');
  if (!row.readAt) await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, row.id));
  return countUnreadNotifications(db, userId);
}

/**
 * Marks every unread in-app notification of `userId` read.
 * @returns how many were marked
 */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<number> {
  const marked = await db.update(notifications).set({ readAt: new Date() }).where(unreadOf(userId)).returning({ id: notifications.id });
  return marked.length;
}

const preferenceColumns = {
  bookingUpdates: users.emailBookingUpdates,
  reminders: users.emailReminders,
  messages: users.emailMessages,
};

/**
 * `userId`'s email switches.
 * @throws HttpError 404 when the user does not exist (deleted since the session was read)
 */
export async function getEmailPreferences(db: Database, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select(preferenceColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User not found.');
  return row;
}

/**
 * Sets `userId`'s email switches (all three); in-app notifications are not affected.
 * @returns the switches as stored
 * @throws HttpError 404 when the user does not exist
 */
export async function setEmailPreferences(db: Database, userId: string, preferences: EmailPreferences): Promise<EmailPreferences> {
  const [row] = await db
    .update(users)
    .set({ emailBookingUpdates: preferences.bookingUpdates, emailReminders: preferences.reminders, emailMessages: preferences.messages })
    .where(eq(users.id, userId))
    .returning(preferenceColumns);
  if (!row) throw notFound('User not found.');
  return row;
}
