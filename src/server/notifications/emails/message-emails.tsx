/** Email templates of new_message (see ../email-templates.ts). */
import type { EmailTemplates } from '../email-templates';

export const messageEmailTemplates: EmailTemplates = {};
