/** Email templates of the booking steps, the reminder and payout_sent (see ../email-templates.ts). */
import type { EmailTemplates } from '../email-templates';

export const bookingEmailTemplates: EmailTemplates = {};
