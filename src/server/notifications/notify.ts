/**
 * Telling a user something (docs/decisions/022-notifications-and-email.md): one row in
 * `notifications`, written in the caller's transaction with the job that emails it, so a
 * rolled-back change tells nobody and a committed one is never lost.
 */
import { sql } from 'drizzle-orm';
import { isAccountEmailKind, isInAppKind, type NotificationKind } from '../../shared/schemas/notifications';
import type { Database } from '../db/client';
import { notifications } from '../db/schema';
import { sendAccountEmailJob, sendNotificationEmailJob } from '../jobs/catalog';
import { enqueue } from '../jobs/queue';
import { sealLinkToken } from './link-tokens';

/** The database channel on which a user id is sent when their notifications change (delivered on commit). */
export const NOTIFICATIONS_CHANNEL = 'user_notifications';

/** What to tell whom. */
export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  /** One line, plain text, in the recipient's words ("Dr. Lee asked to book Exam Room 2"). */
  title: string;
  /** A sentence or two more, plain text. */
  body: string;
  /** The in-app path it leads to, e.g. `/profile?tab=bookings`. */
  link?: string | null;
  /**
   * What the email template needs beyond title and body (amounts in cents, ISO-8601 UTC instants,
   * ids...). A `token` (an emailed link's) is stored sealed (./link-tokens.ts), never as it is.
   */
  data?: Record<string, unknown>;
  /** Makes the notification once-only: a second one with the same key is not written (and not emailed). */
  dedupeKey?: string;
}

/** `data` with its link token, if any, sealed. */
function sealedData(data: Record<string, unknown>): Record<string, unknown> {
  return typeof data.token === 'string' ? { ...data, token: sealLinkToken(data.token) } : data;
}

/**
 * Writes the notification and enqueues its email, within `tx`: account mail in its own queue
 * (`send-account-email`), so a burst of other notifications never delays it. In-app kinds also wake the
 * recipient's open sockets once `tx` commits (`NOTIFICATIONS_CHANNEL`).
 * @returns the notification's id, or null when `dedupeKey` was used already
 */
export async function notify(tx: Database, input: NotificationInput): Promise<string | null> {
  const inApp = isInAppKind(input.kind);
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      data: sealedData(input.data ?? {}),
      inApp,
      dedupeKey: input.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (!row) return null;
  await enqueue(tx, isAccountEmailKind(input.kind) ? sendAccountEmailJob : sendNotificationEmailJob, { notificationId: row.id });
  if (inApp) await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${input.userId})`);
  return row.id;
}
