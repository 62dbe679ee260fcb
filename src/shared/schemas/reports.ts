/**
 * Reports and the operators' queue (docs/product.md#reporting; docs/decisions/032-reports-and-the-overview.md):
 * a signed-in user reports a listing, a review, a message or a user with a reason from a fixed list
 * and a comment; operators see the queue with the reported content and resolve each report, and the
 * contact form's messages beside it. Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { CONTACT_TOPICS } from './contact';
import { trimmed } from './fields';

/** What can be reported. */
export const REPORT_TARGET_TYPES = ['space', 'review', 'message', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Why, from a fixed list. */
export const REPORT_REASONS = ['fraud', 'inappropriate', 'unsafe', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as the Report dialog and the console name them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fraud: 'Fraud or a scam',
  inappropriate: 'Inappropriate content',
  unsafe: 'Unsafe space or behaviour',
  spam: 'Spam',
  other: 'Something else',
};

/** Longest comment, characters. */
export const REPORT_COMMENT_MAX = 2000;
/** How many reports one user may send in 24 hours; the next answers 429. */
export const REPORTS_PER_DAY = 10;

/** POST /api/reports. */
export const createReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, 'Choose what you are reporting'),
  targetId: z.uuid('Not a valid id'),
  reason: z.enum(REPORT_REASONS, 'Choose a reason'),
  comment: trimmed(REPORT_COMMENT_MAX).optional().default(''),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

/** The answer of POST /api/reports (201). */
export const reportReceiptSchema = z.object({ id: z.uuid(), createdAt: z.string() });
export type ReportReceipt = z.infer<typeof reportReceiptSchema>;

/** What an operator did about a report. */
export const REPORT_ACTIONS = ['no_action', 'content_removed', 'listing_taken_down', 'user_suspended', 'user_warned'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const REPORT_ACTION_LABELS: Record<ReportAction, string> = {
  no_action: 'No action needed',
  content_removed: 'Content removed',
  listing_taken_down: 'Listing taken down',
  user_suspended: 'User suspended',
  user_warned: 'User warned',
};

/** POST /api/admin/reports/{id}/resolve. */
export const resolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, 'Choose what was done'),
  note: trimmed(1000).optional().default(''),
});
export type ResolveReportInput = z.input<typeof resolveReportSchema>;

/** `?status=` and `?page=` of the queue: open reports (the default), resolved ones, or all. */
export const reportQueueQuerySchema = z.object({
  status: z.enum(['open', 'resolved', 'all']).optional().default('open'),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** Reports and contact messages per page. */
export const QUEUE_PAGE_SIZE = 50;

/** A report as the console's queue shows it, with the reported content; instants ISO-8601 UTC. */
export const adminReportSchema = z.object({
  id: z.uuid(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  comment: z.string(),
  createdAt: z.string(),
  reporter: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  /**
   * The reported content: the listing's title, the review's or the message's text, the user's name;
   * `spaceId` where a listing is concerned (the space itself, or the one the review is about) so the
   * console can take it down; `userId` of the person behind the content. Null when it is gone.
   */
  target: z
    .object({
      label: z.string(),
      text: z.string(),
      spaceId: z.uuid().nullable(),
      userId: z.uuid().nullable(),
    })
    .nullable(),
  resolvedAt: z.string().nullable(),
  resolution: z.enum(REPORT_ACTIONS).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const reportQueuePageSchema = z.object({
  reports: z.array(adminReportSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type ReportQueuePage = z.infer<typeof reportQueuePageSchema>;

/** `?page=` of the contact inbox. */
export const inboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** A contact form message as the console's inbox shows it. */
export const inboxMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  message: z.string(),
  userId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const inboxPageSchema = z.object({
  messages: z.array(inboxMessageSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;
