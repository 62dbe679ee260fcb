/**
 * Notifications (docs/decisions/022-notifications-and-email.md): what happened to a user, in the
 * bell and by email. Kinds, the email preference each belongs to, and the API's shapes.
 */
import { z } from 'zod';

/** Everything a user is told of. */
export const notificationKinds = [
  'booking_requested',
  'request_accepted',
  'request_declined',
  'request_expired',
  'booking_confirmed',
  'booking_cancelled',
  'hold_expired',
  'booking_reminder',
  'next_clinician_waiting',
  'booking_no_show',
  'review_invitation',
  'review_reminder',
  'new_message',
  'payout_sent',
  'insurance_expiring',
  'welcome',
  'verify_email',
  'password_reset',
  'password_changed',
  'account_suspended',
  'account_reinstated',
  'listing_taken_down',
  'listing_restored',
  'booking_refunded',
  'calendar_conflict',
  'access_ready',
  'access_code_failed',
  'standing_charge_failed',
  'standing_booking_ending',
  'standing_booking_ended',
  'standing_dates_skipped',
  'booking_rescheduled',
  'reschedule_requested',
  'reschedule_answered',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The email switches on the profile: each turns off the emails of its kinds (never their in-app twins). */
export const emailPreferenceKinds = ['booking_updates', 'reminders', 'messages'] as const;
export type EmailPreferenceKind = (typeof emailPreferenceKinds)[number];

/**
 * Which switch governs a kind's email. `account` (welcome, verification) and `security` (password
 * reset and change) emails cannot be turned off and carry no unsubscribe link; they are email only.
 * `operator` notices (a suspension, a takedown and their reversal;
 * docs/decisions/029-operators-and-the-audit-log.md) cannot be turned off either, and show in the bell too.
 */
export const NOTIFICATION_EMAIL_PREFERENCE: Record<NotificationKind, EmailPreferenceKind | 'account' | 'security' | 'operator'> = {
  booking_requested: 'booking_updates',
  request_accepted: 'booking_updates',
  request_declined: 'booking_updates',
  request_expired: 'booking_updates',
  booking_confirmed: 'booking_updates',
  booking_cancelled: 'booking_updates',
  hold_expired: 'booking_updates',
  payout_sent: 'booking_updates',
  booking_refunded: 'booking_updates',
  calendar_conflict: 'booking_updates',
  // The way in, at its reveal: a booking update, not a reminder one may turn off and miss.
  access_ready: 'booking_updates',
  access_code_failed: 'booking_updates',
  // A standing booking's billing and end (docs/decisions/041-standing-bookings.md).
  standing_charge_failed: 'booking_updates',
  standing_booking_ending: 'booking_updates',
  standing_booking_ended: 'booking_updates',
  standing_dates_skipped: 'booking_updates',
  // A booking moved to another time, a renter's request to move it and the owner's answer (docs/decisions/040-rescheduling.md).
  booking_rescheduled: 'booking_updates',
  reschedule_requested: 'booking_updates',
  reschedule_answered: 'booking_updates',
  booking_reminder: 'reminders',
  next_clinician_waiting: 'reminders',
  booking_no_show: 'booking_updates',
  review_invitation: 'booking_updates',
  review_reminder: 'reminders',
  insurance_expiring: 'reminders',
  new_message: 'messages',
  welcome: 'account',
  verify_email: 'account',
  password_reset: 'security',
  password_changed: 'security',
  account_suspended: 'operator',
  account_reinstated: 'operator',
  listing_taken_down: 'operator',
  listing_restored: 'operator',
};

/** The email switch that turns a kind's email off, or null when it cannot be (account, security and operator emails carry no unsubscribe link). */
export function emailSwitchOf(kind: NotificationKind): EmailPreferenceKind | null {
  const preference = NOTIFICATION_EMAIL_PREFERENCE[kind];
  return (emailPreferenceKinds as readonly string[]).includes(preference) ? (preference as EmailPreferenceKind) : null;
}

/**
 * Whether a kind is account mail: an `account` (welcome, verification) or `security` (password
 * reset and change) email. Email only, never turned off, and sent ahead of every other email.
 */
export function isAccountEmailKind(kind: NotificationKind): boolean {
  const preference = NOTIFICATION_EMAIL_PREFERENCE[kind];
  return preference === 'account' || preference === 'security';
}

/** Whether a kind shows in the bell (everything but account mail: {@link isAccountEmailKind}). */
export function isInAppKind(kind: NotificationKind): boolean {
  return !isAccountEmailKind(kind);
}

/** A notification in the bell; instants ISO-8601 UTC. */
export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** An in-app path, e.g. `/profile?tab=bookings`; null when there is nothing to open. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

// --- Unsubscribe links (docs/decisions/022-notifications-and-email.md) ---

/** What each email switch covers, in the words of the unsubscribe page and its answers. */
export const EMAIL_PREFERENCE_DESCRIPTIONS: Record<EmailPreferenceKind, string> = {
  booking_updates: 'emails about booking requests, answers, confirmations, cancellations and payouts',
  reminders: 'booking reminders the day before, review reminders, and reminders that your certificate of insurance expires soon',
  messages: 'emails about new messages',
};

/** `?token=` of an emailed unsubscribe link (a signed token; checked on the server). */
export const unsubscribeQuerySchema = z.object({
  token: z.string().trim().min(1, 'The unsubscribe link has no token.').max(400, 'This unsubscribe link is not valid.'),
});

/** What an unsubscribe token turns off (GET: before, nothing changed; POST: after, turned off). */
export const unsubscribeAnswerSchema = z.object({
  preference: z.enum(emailPreferenceKinds),
  /** What stops, e.g. "booking reminders the day before". */
  description: z.string(),
  /** Whether these emails are on now (after a POST: false). */
  enabled: z.boolean(),
  /** The email address they go to, partly hidden (`a***@example.com`). */
  email: z.string(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

// ---- The bell and the email switches (GET/PUT /api/notifications...) ----

/** How many notifications `GET /api/notifications` gives at most, newest first. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** `GET /api/notifications`: the latest in-app notifications and how many of all are unread. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** `PUT /api/notifications/{id}/read` and `/read-all`: the unread count afterwards. */
export const unreadNotificationsSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

/** The email switches of the profile (`GET`/`PUT /api/notifications/preferences`); security emails are always sent. */
export const emailPreferencesSchema = z.strictObject({
  bookingUpdates: z.boolean(),
  reminders: z.boolean(),
  messages: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;
