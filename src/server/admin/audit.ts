/**
 * The audit log (docs/decisions/029-operators-and-the-audit-log.md): every operator action is
 * appended here in the transaction of its effect, so an action without its record (or a record
 * without its action) cannot be committed. Append-only: this module only inserts and reads, and
 * a trigger of migration 0020 refuses UPDATE, DELETE and TRUNCATE of the table.
 */
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  AUDIT_PAGE_SIZE,
  auditEntrySchema,
  type AuditAction,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditTargetType,
} from '../../shared/schemas/admin';
import { REPORT_REASON_LABELS, type ReportReason, type ReportTargetType } from '../../shared/schemas/reports';
import type { Database } from '../db/client';
import { auditLog, bookings, medicalSpaces, reports, users } from '../db/schema';

/** One action to record. */
export interface AuditRecord {
  /** The operator, or null for the command line. */
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  reason?: string | null;
  /** What the record said before and after (JSON: instants as ISO-8601 UTC strings). */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** When, if not now (the demo seed's records of what its operator did earlier). */
  at?: Date;
}

/**
 * Appends `record` within `tx`, the transaction of the action's effect.
 * @returns the new record's id
 */
export async function recordAudit(tx: Database, { at, ...record }: AuditRecord): Promise<string> {
  const [row] = await tx
    .insert(auditLog)
    .values({ ...record, reason: record.reason ?? null, ...(at ? { createdAt: at } : {}) })
    .returning({ id: auditLog.id });
  return row!.id;
}

const targetUser = alias(users, 'target_user');
const targetSpace = alias(medicalSpaces, 'target_space');
const bookingSpace = alias(medicalSpaces, 'booking_space');
const bookingRenter = alias(users, 'booking_renter');
const REPORTED_NAMES: Record<ReportTargetType, string> = { space: 'a listing', review: 'a review', message: 'a message', user: 'a user' };
const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The target of a record in words, from its left-joined rows; null when the target is gone. */
function targetLabel(row: {
  /** An {@link AuditTargetType} (the column is text). */
  targetType: string;
  userFirst: string | null;
  userLast: string | null;
  userEmail: string | null;
  spaceTitle: string | null;
  bookingSpaceTitle: string | null;
  bookingRenterFirst: string | null;
  bookingRenterLast: string | null;
  reportTargetType: ReportTargetType | null;
  reportReason: ReportReason | null;
}): string | null {
  switch (row.targetType) {
    case 'user':
      return row.userEmail === null ? null : `${nameOf(row.userFirst, row.userLast)} (${row.userEmail})`;
    case 'space':
      return row.spaceTitle;
    case 'booking':
      return row.bookingSpaceTitle === null
        ? null
        : `${row.bookingSpaceTitle}, booked by ${nameOf(row.bookingRenterFirst, row.bookingRenterLast)}`;
    case 'report':
      return row.reportTargetType === null || row.reportReason === null
        ? null
        : `Report of ${REPORTED_NAMES[row.reportTargetType]}: ${REPORT_REASON_LABELS[row.reportReason]}`;
    default:
      return null;
  }
}

/**
 * A page of the audit log, newest first ({@link AUDIT_PAGE_SIZE} records; `page` 1 is the newest),
 * each with its operator's name and email and its target in words; only the records of `action`,
 * of `targetType` and of `targetId` when given.
 */
export async function readAuditLog(db: Database, query: AuditLogQuery): Promise<AuditLogPage> {
  const { page } = query;
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: users.id,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorEmail: users.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      reason: auditLog.reason,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      userFirst: targetUser.firstName,
      userLast: targetUser.lastName,
      userEmail: targetUser.email,
      spaceTitle: targetSpace.title,
      bookingSpaceTitle: bookingSpace.title,
      bookingRenterFirst: bookingRenter.firstName,
      bookingRenterLast: bookingRenter.lastName,
      reportTargetType: reports.targetType,
      reportReason: reports.reason,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), eq(targetUser.id, auditLog.targetId)))
    .leftJoin(targetSpace, and(eq(auditLog.targetType, 'space'), eq(targetSpace.id, auditLog.targetId)))
    .leftJoin(bookings, and(eq(auditLog.targetType, 'booking'), eq(bookings.id, auditLog.targetId)))
    .leftJoin(bookingSpace, eq(bookingSpace.id, bookings.spaceId))
    .leftJoin(bookingRenter, eq(bookingRenter.id, bookings.renterId))
    .leftJoin(reports, and(eq(auditLog.targetType, 'report'), eq(reports.id, auditLog.targetId)))
    .where(
      and(
        query.action ? eq(auditLog.action, query.action) : undefined,
        query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
        query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map((row) =>
    auditEntrySchema.parse({
      id: row.id,
      actor: row.actorId
        ? { id: row.actorId, name: `${row.actorFirstName ?? ''} ${row.actorLastName ?? ''}`.trim(), email: row.actorEmail ?? '' }
        : null,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: targetLabel(row),
      reason: row.reason,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    }),
  );
  return { entries, page, hasMore: rows.length > AUDIT_PAGE_SIZE };
}
