/**
 * Emailing notifications (docs/decisions/022-notifications-and-email.md): the
 * `send-notification-email` and `send-account-email` jobs render a notification's template and hand it to the mailer,
 * unless the user turned that kind of email off (the in-app notification stays either way).
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSwitchOf, notificationKinds } from '../../shared/schemas/notifications';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { notifications, users } from '../db/schema';
import { sendAccountEmailJob, sendNotificationEmailJob } from '../jobs/catalog';
import type { JobWorkers } from '../jobs/queue';
import { redactSentMessage, type Mailer, type MailOutcome } from '../mail/mailer';
import { emailTemplateFor } from './emails';
import { openLinkToken } from './link-tokens';
import { EMAIL_PREFERENCE_FIELD } from './unsubscribe';
import { createUnsubscribeToken } from './unsubscribe-tokens';

/** The Message-ID of a notification's email: the same on every retry (RFC 5322 section 3.6.4). */
export function notificationMessageId(notificationId: string, publicUrl: string): string {
  return `<notification-${notificationId}@${new URL(publicUrl).hostname}>`;
}

/** The unsubscribe page's address for a token (the page asks before it changes anything). */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The RFC 8058 one-click address for a token (`List-Unsubscribe`, POSTed by mail clients). */
export function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Emails notification `notificationId` to its user.
 * @param options.lastAttempt no retry follows: a send failure leaves the outbox row `failed`
 * @returns `sent` or `kept` (see {@link Mailer.send}), `skipped` when the user turned this kind of
 *   email off, or `gone` when the notification or its user no longer exists
 * @throws Error when the SMTP server fails (the job is retried)
 */
export async function deliverNotificationEmail(
  db: Database,
  mailer: Mailer,
  config: Pick<Config, 'publicUrl'>,
  notificationId: string,
  options: { lastAttempt?: boolean } = {},
): Promise<MailOutcome | 'skipped' | 'gone'> {
  const [found] = await db
    .select({
      notification: notifications,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        specialty: users.specialty,
        email: users.email,
        emailBookingUpdates: users.emailBookingUpdates,
        emailReminders: users.emailReminders,
        emailMessages: users.emailMessages,
      },
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, notificationId))
    .limit(1);
  if (!found) return 'gone';
  const { user } = found;
  const notification = withOpenedToken(found.notification);
  const kind = z.enum(notificationKinds).parse(notification.kind);
  const preference = emailSwitchOf(kind);
  if (preference && !user[EMAIL_PREFERENCE_FIELD[preference]]) return 'skipped';

  const token = preference ? await createUnsubscribeToken(db, user.id, preference) : null;
  const url = (path: string) => (/^https?:\/\//.test(path) ? path : `${config.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);
  const content = emailTemplateFor(kind)({
    notification,
    recipient: { firstName: user.firstName, lastName: user.lastName, email: user.email, specialty: user.specialty },
    url,
    unsubscribeUrl: token ? unsubscribePageUrl(config.publicUrl, token) : null,
  });
  const messageId = notificationMessageId(notification.id, config.publicUrl);
  const outcome = await mailer.send(
    db,
    {
      messageId,
      to: { address: user.email, name: `${user.firstName} ${user.lastName}`.trim() },
      subject: content.subject,
      element: content.element,
      headers: token
        ? {
            'List-Unsubscribe': `<${oneClickUnsubscribeUrl(config.publicUrl, token)}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {},
      attachments: content.attachments,
      notificationId: notification.id,
      userId: user.id,
      createdAt: notification.createdAt,
    },
    options,
  );
  // A single-use link's token (password reset, email verification) is kept only until the SMTP
  // server has the message: then the notification and the outbox copy drop it. Offline (`kept`),
  // /dev/mail is how the link is read, so it stays there until it expires.
  if (outcome === 'sent' && hasLinkToken(notification.data)) {
    await db.transaction(async (tx) => {
      await tx
        .update(notifications)
        .set({ data: sql`${notifications.data} - 'token'` })
        .where(eq(notifications.id, notification.id));
      await redactSentMessage(tx, messageId);
    });
  }
  return outcome;
}

/**
 * The notification with its link token opened for the template (./link-tokens.ts).
 * @throws Error when this process lacks the token's key (another instance's LINK_TOKEN_SECRET):
 *   the job is retried
 */
function withOpenedToken<Row extends { data: unknown }>(notification: Row): Row {
  const data = notification.data as Record<string, unknown> | null;
  if (typeof data?.token !== 'string') return notification;
  const token = openLinkToken(data.token);
  if (token === null) throw new Error('The link token of this notification was sealed with a key this process does not have');
  return { ...notification, data: { ...data, token } };
}

/** Whether a notification's data carries a single-use link's token (`data.token`). */
const hasLinkToken = (data: unknown) => typeof (data as { token?: unknown } | null)?.token === 'string';

/** Registers the notifications' job handlers on `workers` (app.ts): both email queues send the same way. */
export function registerNotificationJobs(
  workers: JobWorkers,
  { db, mailer, config }: { db: Database; mailer: Mailer; config: Pick<Config, 'publicUrl'> },
): void {
  for (const queue of [sendAccountEmailJob, sendNotificationEmailJob]) {
    workers.work(queue, async ({ data, lastAttempt }) => {
      await deliverNotificationEmail(db, mailer, config, data.notificationId, { lastAttempt });
    });
  }
}
