/**
 * The operators' console (docs/decisions/029-operators-and-the-audit-log.md; docs/product.md#the-console):
 * roles, the searches of users and listings, the reasons of suspensions and takedowns, and the
 * audit log. Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { required, trimmed, userRoleSchema } from './fields';

/** The most characters of an operator's reason (it is emailed to the user). */
export const MODERATION_REASON_MAX = 1000;

/** The body of a suspension or a takedown: why, in words the user or owner is sent. */
export const moderationReasonSchema = z.object({
  reason: required('A reason', MODERATION_REASON_MAX),
});
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

/** `?q=` of the console's searches: a part of a name, an email or a title; empty lists the newest. */
export const adminSearchQuerySchema = z.object({
  q: trimmed(200).optional().default(''),
});
export type AdminSearchQuery = z.infer<typeof adminSearchQuerySchema>;

/** How many rows a console search answers at most (the newest first). */
export const ADMIN_SEARCH_LIMIT = 50;

/** A user as the console lists them; instants ISO-8601 UTC. */
export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: userRoleSchema,
  createdAt: z.string(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** Spaces they own, archived and hidden ones included. */
  listingsCount: z.number().int(),
  /** Bookings they made as a renter, whatever their status. */
  bookingsCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * Where a listing stands: `listed` (in search), `taken_down` by an operator, `owner_suspended`
 * (hidden while its owner is suspended), `archived` (removed by its owner, kept for its bookings).
 */
export const ADMIN_SPACE_STATUSES = ['listed', 'taken_down', 'owner_suspended', 'archived'] as const;
export type AdminSpaceStatus = (typeof ADMIN_SPACE_STATUSES)[number];

/** A listing as the console lists it; instants ISO-8601 UTC. */
export const adminSpaceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  city: z.string(),
  state: z.string(),
  ownerId: z.uuid(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  status: z.enum(ADMIN_SPACE_STATUSES),
  takenDownAt: z.string().nullable(),
  takedownReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminSpace = z.infer<typeof adminSpaceSchema>;

/** What the console records; `user.grant_admin` and `user.revoke_admin` come from the command line. */
export const AUDIT_ACTIONS = [
  'user.suspend',
  'user.reinstate',
  'space.take_down',
  'space.restore',
  'user.grant_admin',
  'user.revoke_admin',
  'booking.refund',
  'report.resolve',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = ['user', 'space', 'booking', 'report'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** One audit record: who did what to which record, why, and what it said before and after. */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  /** The operator, or null for the command line. */
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.uuid(),
  /** The target in words (a user's name and email, a listing's title, a booking's space and renter, a report's subject), or null when it is gone. */
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Audit records per page. */
export const AUDIT_PAGE_SIZE = 50;

/** `?page=` of the audit log (1 is the newest records), and the filters: one action, one kind of target, one target. */
export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  action: z.enum(AUDIT_ACTIONS, 'Choose an action from the list').optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES, 'Choose a kind of target from the list').optional(),
  targetId: z.uuid('Enter a full id').optional(),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** A page of the audit log, newest first. */
export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
