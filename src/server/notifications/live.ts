/**
 * The bell, live (docs/decisions/004-live-events-through-the-database-or-redis.md): `notify()` and
 * the read routes send the user's id on {@link NOTIFICATIONS_CHANNEL} within their transaction;
 * every instance LISTENs on that channel and pushes `notifications_changed` with the new unread
 * count to the sockets it holds for that user. PostgreSQL delivers a notification only when its
 * transaction commits, so a rolled-back change pushes nothing; every instance on the database
 * hears it (on PGlite, the one process).
 */
import { sql } from 'drizzle-orm';
import type { Database, DatabaseNotifications } from '../db/client';
import type { JobLog } from '../jobs/queue';
import type { SocketHub } from '../realtime/socket-hub';
import { NOTIFICATIONS_CHANNEL } from './notify';
import { countUnreadNotifications } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Tells every instance, once `tx` commits, that `userId`'s notifications changed (a read, a read-all).
 * @param tx a transaction or the database (then it is sent at once)
 */
export async function notificationsChanged(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${userId})`);
}

/**
 * Starts listening: each user id heard on the channel becomes a `notifications_changed` event for
 * that user's sockets on this instance (nothing is read when this instance holds none).
 * @returns a function that stops listening
 */
export async function startNotificationsLive(options: {
  db: Database;
  notifications: DatabaseNotifications;
  hub: SocketHub;
  log: Pick<JobLog, 'warn'>;
}): Promise<() => Promise<void>> {
  const { db, notifications, hub, log } = options;
  return notifications.listen(NOTIFICATIONS_CHANNEL, (userId) => {
    if (!UUID.test(userId) || !hub.holdsAny([userId])) return;
    countUnreadNotifications(db, userId)
      .then((unreadCount) => hub.send([userId], { type: 'notifications_changed', unreadCount }))
      .catch((error: unknown) => log.warn({ err: error }, 'notifications_changed not delivered'));
  });
}
