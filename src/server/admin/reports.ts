/**
 * Users' reports and the operators' queue (docs/decisions/032-reports-and-the-overview.md;
 * docs/product.md#reporting): a signed-in user reports a listing, a review, a message or a user
 * they can see; operators read the queue with the reported content and resolve each report, the
 * resolution and its audit record (./audit.ts) written in one transaction. The contact form's
 * messages are read here too, for the console's inbox.
 */
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  QUEUE_PAGE_SIZE,
  REPORTS_PER_DAY,
  type AdminReport,
  type InboxPage,
  type ReportAction,
  type ReportQueuePage,
  type ReportReceipt,
  type ReportTargetType,
  type createReportSchema,
  type reportQueueQuerySchema,
} from '../../shared/schemas/reports';
import type { z } from 'zod';
import { moderationReasonSchema } from '../../shared/schemas/admin';
import type { SessionUser } from '../auth/session';
import type { Database } from '../db/client';
import { contactMessages, conversations, medicalSpaces, messages, reports, reviews, users } from '../db/schema';
import { badRequest, conflict, notFound, tooManyRequests } from '../http/errors';
import { recordAudit } from './audit';
import { isUuid, suspendUser, takeDownSpace } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The 404 of a target the reporter cannot see (or that does not exist): the same either way. */
const notVisible = () => notFound('We could not find what you are reporting.');

/**
 * Whether `reporter` can see target `id` of `type`: a listed space; a published review (or one
 * they wrote or that is about them); a message of a conversation they take part in; any other user.
 * @throws HttpError 404 when not, 400 for reporting oneself
 */
async function assertVisible(tx: Database, reporter: SessionUser, type: ReportTargetType, id: string): Promise<void> {
  let found: unknown[] = [];
  if (type === 'space') {
    found = await tx
      .select({ id: medicalSpaces.id })
      .from(medicalSpaces)
      .where(and(eq(medicalSpaces.id, id), eq(medicalSpaces.active, true)));
  } else if (type === 'review') {
    found = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(
        and(
          eq(reviews.id, id),
          or(lte(reviews.publishedAt, sql`now()`), eq(reviews.authorId, reporter.id), eq(reviews.subjectId, reporter.id)),
        ),
      );
  } else if (type === 'message') {
    found = await tx
      .select({ id: messages.id })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(messages.id, id), or(eq(conversations.participantA, reporter.id), eq(conversations.participantB, reporter.id))));
  } else {
    if (id === reporter.id) throw badRequest('You cannot report yourself.', [{ path: 'targetId', message: 'You cannot report yourself.' }]);
    found = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  }
  if (found.length === 0) throw notVisible();
}

/**
 * Files a report by `reporter` (at most {@link REPORTS_PER_DAY} in any 24 hours: counted from the
 * stored reports with the reporter's row locked, so two at once cannot both pass the last place).
 * @throws HttpError 404 for a target they cannot see, 400 for themselves, 429 past the limit (with Retry-After)
 */
export async function createReport(
  db: Database,
  reporter: SessionUser,
  input: z.output<typeof createReportSchema>,
): Promise<ReportReceipt> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, reporter.id)).for('update');
    const since = new Date(Date.now() - DAY_MS);
    const recent = await tx
      .select({ createdAt: reports.createdAt })
      .from(reports)
      .where(and(eq(reports.reporterId, reporter.id), gt(reports.createdAt, since)))
      .orderBy(reports.createdAt);
    if (recent.length >= REPORTS_PER_DAY) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]!.createdAt.getTime() + DAY_MS - Date.now()) / 1000));
      throw tooManyRequests(`You can send at most ${REPORTS_PER_DAY} reports a day. Please try again later.`, retryAfter);
    }
    await assertVisible(tx, reporter, input.targetType, input.targetId);
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: reporter.id,
        targetType: input.targetType,
        targetId: input.targetId,
        reason: input.reason,
        comment: input.comment,
      })
      .returning({ id: reports.id, createdAt: reports.createdAt });
    return { id: row!.id, createdAt: row!.createdAt.toISOString() };
  });
}

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');
const reportedUser = alias(users, 'reported_user');
const reviewSpace = alias(medicalSpaces, 'review_space');
const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The queue's rows: each report with its reporter, its resolver and the reported content (one left join per kind). */
function selectReports(db: Database) {
  return db
    .select({
      report: reports,
      reporterFirst: reporter.firstName,
      reporterLast: reporter.lastName,
      reporterEmail: reporter.email,
      resolverFirst: resolver.firstName,
      resolverLast: resolver.lastName,
      spaceTitle: medicalSpaces.title,
      spaceDescription: medicalSpaces.description,
      spaceOwner: medicalSpaces.ownerId,
      reviewComment: reviews.comment,
      reviewAuthor: reviews.authorId,
      reviewSpaceId: reviews.spaceId,
      reviewSpaceTitle: reviewSpace.title,
      messageContent: messages.content,
      messageSender: messages.senderId,
      userFirst: reportedUser.firstName,
      userLast: reportedUser.lastName,
      userEmail: reportedUser.email,
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedBy))
    .leftJoin(medicalSpaces, and(eq(reports.targetType, 'space'), eq(medicalSpaces.id, reports.targetId)))
    .leftJoin(reviews, and(eq(reports.targetType, 'review'), eq(reviews.id, reports.targetId)))
    .leftJoin(reviewSpace, eq(reviewSpace.id, reviews.spaceId))
    .leftJoin(messages, and(eq(reports.targetType, 'message'), eq(messages.id, reports.targetId)))
    .leftJoin(reportedUser, and(eq(reports.targetType, 'user'), eq(reportedUser.id, reports.targetId)))
    .$dynamic();
}
type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

function reportedContent(row: ReportRow): AdminReport['target'] {
  switch (row.report.targetType) {
    case 'space':
      return row.spaceTitle === null
        ? null
        : { label: row.spaceTitle, text: row.spaceDescription ?? '', spaceId: row.report.targetId, userId: row.spaceOwner };
    case 'review':
      return row.reviewComment === null
        ? null
        : {
            label: `Review of ${row.reviewSpaceTitle ?? 'a space'}`,
            text: row.reviewComment,
            spaceId: row.reviewSpaceId,
            userId: row.reviewAuthor,
          };
    case 'message':
      return row.messageContent === null ? null : { label: 'Message', text: row.messageContent, spaceId: null, userId: row.messageSender };
    case 'user':
      return row.userEmail === null
        ? null
        : { label: fullName(row.userFirst, row.userLast), text: row.userEmail, spaceId: null, userId: row.report.targetId };
  }
}

function toAdminReport(row: ReportRow): AdminReport {
  const { report } = row;
  return {
    id: report.id,
    targetType: report.targetType,
    targetId: report.targetId,
    reason: report.reason,
    comment: report.comment,
    createdAt: report.createdAt.toISOString(),
    reporter: { id: report.reporterId, name: fullName(row.reporterFirst, row.reporterLast), email: row.reporterEmail },
    target: reportedContent(row),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    resolution: report.resolution,
    resolutionNote: report.resolutionNote,
    resolvedBy: report.resolvedBy ? fullName(row.resolverFirst, row.resolverLast) : null,
  };
}

/**
 * A page of the queue: open reports oldest first (the longest waiting on top), resolved ones
 * newest resolved first, or all newest first; {@link QUEUE_PAGE_SIZE} a page.
 */
export async function readReportQueue(db: Database, query: z.output<typeof reportQueueQuerySchema>): Promise<ReportQueuePage> {
  const base = selectReports(db);
  const filtered =
    query.status === 'open'
      ? base.where(isNull(reports.resolvedAt)).orderBy(reports.createdAt, reports.id)
      : query.status === 'resolved'
        ? base.where(isNotNull(reports.resolvedAt)).orderBy(desc(reports.resolvedAt), desc(reports.id))
        : base.orderBy(desc(reports.createdAt), desc(reports.id));
  const rows = await filtered.limit(QUEUE_PAGE_SIZE + 1).offset((query.page - 1) * QUEUE_PAGE_SIZE);
  return { reports: rows.slice(0, QUEUE_PAGE_SIZE).map(toAdminReport), page: query.page, hasMore: rows.length > QUEUE_PAGE_SIZE };
}

/** What resolving a report did beyond recording it: the account it suspended, whether listings changed. */
export interface ReportResolution {
  report: AdminReport;
  /** The user the resolution suspended (their live sockets are to close), or null. */
  suspendedUserId: string | null;
  /** Whether a listing left search (a takedown, or a suspension hiding its owner's listings). */
  listingsChanged: boolean;
}

/** The outcomes that are console actions of their own, carried out with the resolution. */
const ENFORCED: Partial<Record<ReportAction, 'space' | 'user'>> = { listing_taken_down: 'space', user_suspended: 'user' };

/**
 * Carries out the outcome `action` of the report in `row` within `tx`, through the console's own
 * takedown or suspension (./service.ts, with its own audit record and notice): the listing the
 * report concerns, or the person behind the reported content. Done already counts as done.
 * @returns what was done, for the resolution's audit record
 * @throws HttpError 400 when the report concerns no such listing or user, or without a reason
 *   (`note`, sent to the owner or user) when it is to be done; 400/409 as the action itself refuses
 */
async function enforce(
  tx: Database,
  actor: SessionUser,
  row: ReportRow,
  action: ReportAction,
  note: string,
): Promise<{ spaceId?: string; userId?: string; alreadyDone: boolean } | null> {
  const kind = ENFORCED[action];
  if (!kind) return null;
  const target = reportedContent(row);
  const reasonNeeded = () => {
    const parsed = moderationReasonSchema.safeParse({ reason: note });
    if (!parsed.success)
      throw badRequest('Give the reason in the note: it is sent to them.', [{ path: 'note', message: 'A reason is required' }]);
    return parsed.data.reason;
  };
  if (kind === 'space') {
    const spaceId = target?.spaceId;
    if (!spaceId) throw badRequest('This report concerns no listing to take down.');
    const [space] = await tx.select({ takenDownAt: medicalSpaces.takenDownAt }).from(medicalSpaces).where(eq(medicalSpaces.id, spaceId));
    if (space?.takenDownAt) return { spaceId, alreadyDone: true };
    await takeDownSpace(tx, actor, spaceId, reasonNeeded());
    return { spaceId, alreadyDone: false };
  }
  const userId = target?.userId;
  if (!userId) throw badRequest('This report names no user to suspend.');
  const [user] = await tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  if (user?.suspendedAt) return { userId, alreadyDone: true };
  await suspendUser(tx, actor, userId, reasonNeeded());
  return { userId, alreadyDone: false };
}

/**
 * Resolves report `id`: records what was done (`action`, `note`, by `actor`, when) and its audit
 * record (`report.resolve`) in one transaction. An outcome that is an action (`listing_taken_down`,
 * `user_suspended`) is carried out in that same transaction by the console's own takedown or
 * suspension, with its own audit record, unless it is already done; `note` is then its reason.
 * @throws HttpError 404 for an unknown report, 409 when already resolved, 400 when the outcome cannot be carried out
 */
export async function resolveReport(
  db: Database,
  actor: SessionUser,
  id: string,
  action: ReportAction,
  note: string,
): Promise<ReportResolution> {
  if (!isUuid(id)) throw notFound('Report not found.');
  const effect = await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (!report) throw notFound('Report not found.');
    if (report.resolvedAt) throw conflict('This report is already resolved.');
    const [row] = await selectReports(tx).where(eq(reports.id, id));
    const done = await enforce(tx, actor, row!, action, note);
    const resolvedAt = new Date();
    await tx
      .update(reports)
      .set({ resolvedAt, resolvedBy: actor.id, resolution: action, resolutionNote: note || null })
      .where(eq(reports.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'report.resolve',
      targetType: 'report',
      targetId: id,
      reason: note || null,
      before: { resolvedAt: null, resolution: null, targetType: report.targetType, targetId: report.targetId, reason: report.reason },
      after: {
        resolvedAt: resolvedAt.toISOString(),
        resolution: action,
        resolutionNote: note || null,
        ...(done ? { carriedOut: done } : {}),
      },
    });
    return done;
  });
  const [row] = await selectReports(db).where(eq(reports.id, id));
  const acted = effect !== null && !effect.alreadyDone;
  return {
    report: toAdminReport(row!),
    suspendedUserId: acted ? (effect.userId ?? null) : null,
    listingsChanged: acted,
  };
}

/**
 * The reports user `userId` filed (`made`), or those about them (`about`: of them, of a listing
 * they own, of a review they wrote or of a message they sent), newest first: at most `limit`, and
 * how many there are.
 */
export async function userReports(
  db: Database,
  userId: string,
  side: 'made' | 'about',
  limit: number,
): Promise<{ items: AdminReport[]; total: number }> {
  const where =
    side === 'made'
      ? eq(reports.reporterId, userId)
      : or(
          and(eq(reports.targetType, 'user'), eq(reports.targetId, userId)),
          eq(medicalSpaces.ownerId, userId),
          eq(reviews.authorId, userId),
          eq(messages.senderId, userId),
        );
  const rows = await selectReports(db).where(where).orderBy(desc(reports.createdAt), desc(reports.id)).limit(limit);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reports)
    .leftJoin(medicalSpaces, and(eq(reports.targetType, 'space'), eq(medicalSpaces.id, reports.targetId)))
    .leftJoin(reviews, and(eq(reports.targetType, 'review'), eq(reviews.id, reports.targetId)))
    .leftJoin(messages, and(eq(reports.targetType, 'message'), eq(messages.id, reports.targetId)))
    .where(where);
  return { items: rows.map(toAdminReport), total: Number(counted?.total ?? 0) };
}

/** A page of the contact form's messages, newest first ({@link QUEUE_PAGE_SIZE} a page). */
export async function readInbox(db: Database, page: number): Promise<InboxPage> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(QUEUE_PAGE_SIZE + 1)
    .offset((page - 1) * QUEUE_PAGE_SIZE);
  return {
    messages: rows.slice(0, QUEUE_PAGE_SIZE).map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      topic: row.topic,
      message: row.message,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    hasMore: rows.length > QUEUE_PAGE_SIZE,
  };
}
