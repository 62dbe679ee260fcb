/**
 * The audit log (docs/decisions/029-operators-and-the-audit-log.md): every operator action is
 * appended here in the transaction of its effect, so an action without its record (or a record
 * without its action) cannot be committed. Append-only: this module only inserts and reads, and
 * a trigger of migration 0020 refuses UPDATE, DELETE and TRUNCATE of the table.
 */
import { desc, eq } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, auditEntrySchema, type AuditAction, type AuditLogPage, type AuditTargetType } from '../../shared/schemas/admin';
import type { Database } from '../db/client';
import { auditLog, users } from '../db/schema';

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

/**
 * A page of the audit log, newest first ({@link AUDIT_PAGE_SIZE} records; `page` 1 is the newest),
 * each with its operator's name and email.
 */
export async function readAuditLog(db: Database, page: number): Promise<AuditLogPage> {
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
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
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
      reason: row.reason,
      before: row.before,
      after: row.after,
      createdAt: row.createdAt.toISOString(),
    }),
  );
  return { entries, page, hasMore: rows.length > AUDIT_PAGE_SIZE };
}
