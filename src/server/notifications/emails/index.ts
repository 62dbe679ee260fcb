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

/**
 * The template of `kind`, or the generic one (title, body, a button to the link). A kind's own
 * template draws on the details its notification carries in `data`; a notification written
 * without them (empty `data`), or whose data its template cannot use (the template throws), is
 * emailed with the generic one rather than failing its job: its title and body always say what
 * happened.
 */
export function emailTemplateFor(kind: NotificationKind): EmailTemplate {
  const template = templates[kind];
  if (!template) return genericEmailTemplate;
  return (context) => {
    const data = context.notification.data;
    if (!data || typeof data !== 'object' || Object.keys(data).length === 0) return genericEmailTemplate(context);
    try {
      return template(context);
    } catch {
      return genericEmailTemplate(context);
    }
  };
}
