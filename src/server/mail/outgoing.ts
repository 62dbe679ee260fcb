/**
 * What the rest of the server hands the mailer (docs/decisions/022-notifications-and-email.md).
 */
import type { ReactElement } from 'react';

/** A file attached to an email; `content` is text (an iCalendar file). */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** One email to one person, before it is rendered. */
export interface OutgoingEmail {
  /**
   * The RFC 5322 Message-ID with its angle brackets, derived from the job that sends it (e.g.
   * `<notification-<id>@clinicshare.example>`): a retry after a crash sends the same one, and the
   * outbox keeps one row per Message-ID.
   */
  messageId: string;
  to: { address: string; name?: string };
  /** Plain text; line breaks are removed (no header injection). */
  subject: string;
  /** The body: a template built on `EmailLayout`; rendered to HTML and to plain text. */
  element: ReactElement;
  /** Extra headers such as `List-Unsubscribe` (values are folded to one line). */
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
  /** The notification it tells of, and its user, for the outbox. */
  notificationId?: string;
  userId?: string;
  /**
   * When what it tells of happened (the notification's creation): the outbox lists emails by it,
   * since emails are rendered several at a time and their rows would otherwise come in any order.
   * Default: when the email is first kept.
   */
  createdAt?: Date;
}
