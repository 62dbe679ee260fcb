/**
 * The console's demo queue and inbox (docs/decisions/032-reports-and-the-overview.md):
 * a few users' reports, open and one resolved by the demo operator (with its audit record), and a
 * few contact form messages, so that the console's Reports tab is not empty in the demo. One open
 * report is the demo renter's, about a listing, which the demo admin can take down from the queue.
 * Dated before the seed (days and hours ago), so the demo renter's reports of today stay all
 * theirs (at most 10 a day). The same content on every seed, from data/reports.json.
 */
import { z } from 'zod';
import { recordAudit } from '../admin/audit';
import { CONTACT_TOPICS } from '../../shared/schemas/contact';
import { REPORT_ACTIONS, REPORT_COMMENT_MAX, REPORT_REASONS } from '../../shared/schemas/reports';
import type { Database } from '../db/client';
import { contactMessages, reports } from '../db/schema';
import reportsFile from './data/reports.json' with { type: 'json' };
import { parseDataFile } from './data-file';
import type { DemoSpace } from './demo-data';
import { chooseSeriesSpace } from './demo-series';
import { demoUsers } from './demo-users';

const HOUR_MS = 60 * 60 * 1000;

const userKeySchema = z.string().refine((key) => demoUsers.some((user) => user.key === key), 'the key of a demo user (users.json)');
const hoursAgoSchema = z.number().positive();

/** A demo report: by `reporterKey`, about a listing (the newest of an owner's) or a user. */
export const demoReportSchema = z.strictObject({
  reporterKey: userKeySchema,
  target: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('space'), ownerKey: userKeySchema }),
    z.strictObject({ type: z.literal('user'), userKey: userKeySchema }),
  ]),
  reason: z.enum(REPORT_REASONS),
  comment: z.string().min(1).max(REPORT_COMMENT_MAX),
  hoursAgo: hoursAgoSchema,
  /** Resolved by the demo operator, `hoursAgo` hours before the seed. */
  resolved: z.strictObject({ action: z.enum(REPORT_ACTIONS), note: z.string().min(1), hoursAgo: hoursAgoSchema }).optional(),
});

/** A contact form message: from a signed-in demo user (`userKey`, whose email it takes) or a visitor with an `email`. */
export const demoContactMessageSchema = z
  .strictObject({
    userKey: userKeySchema.optional(),
    name: z.string().min(1),
    email: z.email().optional(),
    topic: z.enum(CONTACT_TOPICS),
    message: z.string().min(1),
    hoursAgo: hoursAgoSchema,
  })
  .refine((message) => (message.userKey === undefined) !== (message.email === undefined), 'either a userKey or an email');

/** The demo queue (three open reports, the demo renter's first, and one resolved) and inbox (data/reports.json). */
export const demoReportsFileSchema = z.strictObject({
  reports: z.array(demoReportSchema),
  contactMessages: z.array(demoContactMessageSchema),
});

export const { reports: DEMO_REPORTS, contactMessages: DEMO_CONTACT_MESSAGES } = parseDataFile(
  'reports.json',
  demoReportsFileSchema,
  reportsFile,
);

/**
 * Inserts {@link DEMO_REPORTS} and {@link DEMO_CONTACT_MESSAGES}, dated from `now`. A listing
 * reported is the newest demo space of the named owner (not the demo renter's series').
 * @param context.spaceIds the seeded spaces' ids by title; `userIds` the demo users' ids by key
 */
export async function insertDemoReports(
  db: Database,
  spaces: readonly DemoSpace[],
  context: { userIds: Map<string, string>; spaceIds: Map<string, string>; now: Date },
): Promise<void> {
  const { userIds, spaceIds, now } = context;
  const user = (key: string) => {
    const id = userIds.get(key);
    if (!id) throw new Error(`Demo reports name an unknown user ${key}`);
    return id;
  };
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const adminId = user('admin');
  const seriesSpace = chooseSeriesSpace(spaces);
  for (const demo of DEMO_REPORTS) {
    let targetId: string | undefined;
    if (demo.target.type === 'user') targetId = user(demo.target.userKey);
    else {
      const { ownerKey } = demo.target;
      const title = spaces.find((space) => space.ownerKey === ownerKey && space !== seriesSpace)?.title;
      targetId = title ? spaceIds.get(title) : undefined;
    }
    if (!targetId) continue; // a small seed (the benchmark's) may have no listing of that owner
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reports)
        .values({
          reporterId: user(demo.reporterKey),
          targetType: demo.target.type,
          targetId,
          reason: demo.reason,
          comment: demo.comment,
          createdAt: ago(demo.hoursAgo),
          ...(demo.resolved
            ? {
                resolvedAt: ago(demo.resolved.hoursAgo),
                resolvedBy: adminId,
                resolution: demo.resolved.action,
                resolutionNote: demo.resolved.note,
              }
            : {}),
        })
        .returning({ id: reports.id });
      if (!demo.resolved) return;
      // The operator's resolution is in the audit log like any (docs/decisions/029-operators-and-the-audit-log.md).
      await recordAudit(tx, {
        actorId: adminId,
        action: 'report.resolve',
        targetType: 'report',
        targetId: row!.id,
        reason: demo.resolved.note,
        before: { resolvedAt: null, resolution: null, targetType: demo.target.type, targetId, reason: demo.reason },
        after: {
          resolvedAt: ago(demo.resolved.hoursAgo).toISOString(),
          resolution: demo.resolved.action,
          resolutionNote: demo.resolved.note,
        },
        at: ago(demo.resolved.hoursAgo),
      });
    });
  }
  await db.insert(contactMessages).values(
    DEMO_CONTACT_MESSAGES.map((message) => ({
      name: message.name,
      email: message.email ?? demoUsers.find((demo) => demo.key === message.userKey)!.email,
      topic: message.topic,
      message: message.message,
      userId: message.userKey ? user(message.userKey) : null,
      createdAt: ago(message.hoursAgo),
    })),
  );
}
