/**
 * How a notification becomes an email: one template per kind, each a function of the
 * notification row and its recipient returning the subject and a React element built on
 * `EmailLayout` (src/server/mail/layout.tsx). A kind without a template of its own gets the
 * generic one (title, body, a button to its link).
 *
 * Templates are pure (no database); what they need is in the row's `data`, written by `notify()`.
 */
import type { ReactElement } from 'react';
import type { NotificationKind } from '../../shared/schemas/notifications';
import type { notifications } from '../db/schema';
import type { EmailAttachment } from '../mail/outgoing';

/** What a template is given. */
export interface EmailTemplateContext {
  notification: typeof notifications.$inferSelect;
  /** The reader; `specialty` says whether they are addressed as "Dr." (src/shared/names.ts). */
  recipient: { firstName: string; lastName: string; email: string; specialty: string | null };
  /** Absolute URL of an in-app path: `${PUBLIC_URL}${path}`. */
  url(path: string): string;
  /** The one-click unsubscribe page for this email's kind, or null for account and security emails. */
  unsubscribeUrl: string | null;
}

/** What a template gives back. */
export interface EmailContent {
  subject: string;
  element: ReactElement;
  attachments?: EmailAttachment[];
}

export type EmailTemplate = (context: EmailTemplateContext) => EmailContent;

/** Templates by kind; a kind left out gets the generic template. */
export type EmailTemplates = Partial<Record<NotificationKind, EmailTemplate>>;
