/**
 * Every notification email template by kind (see ../email-templates.ts): the account, booking
 * and message templates, and the generic one for a kind that has none.
 */
import type { NotificationKind } from '../../../shared/schemas/notifications';
import type { EmailTemplate, EmailTemplates } from '../email-templates';
import { accountEmailTemplates } from './account-emails';
import { bookingEmailTemplates } from './booking-emails';
import { genericEmailTemplate } from './generic-email';
import { messageEmailTemplates } from './message-emails';

const templates: EmailTemplates = { ...accountEmailTemplates, ...bookingEmailTemplates, ...messageEmailTemplates };

/** The template of `kind`, or the generic one (title, body, a button to the link). */
export function emailTemplateFor(kind: NotificationKind): EmailTemplate {
  return templates[kind] ?? genericEmailTemplate;
}
