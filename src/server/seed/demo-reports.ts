/**
 * The console's demo queue and inbox (issue 21 "Reports"; docs/decisions/032-reports-and-the-overview.md):
 * a few users' reports, open and one resolved by the demo operator (with its audit record), and a
 * few contact form messages, so that the console's Reports tab is not empty in the demo. One open
 * report is the demo renter's, about a listing, which the demo admin can take down from the queue.
 * Dated before the seed (days and hours ago), so the demo renter's reports of today stay all
 * theirs (at most 10 a day). The same content on every seed.
 */
import { recordAudit } from '../admin/audit';
import type { ContactTopic } from '../../shared/schemas/contact';
import type { ReportAction, ReportReason, ReportTargetType } from '../../shared/schemas/reports';
import type { Database } from '../db/client';
import { contactMessages, reports } from '../db/schema';
import type { DemoSpace } from './demo-data';
import { chooseSeriesSpace } from './demo-series';
import { demoUsers } from './demo-users';

const HOUR_MS = 60 * 60 * 1000;

/** A demo report: by `reporterKey`, about a listing (`spaceOf` an owner's, by position) or a user (`userKey`). */
interface DemoReport {
  reporterKey: string;
  target: { type: Extract<ReportTargetType, 'space'>; ownerKey: string } | { type: Extract<ReportTargetType, 'user'>; userKey: string };
  reason: ReportReason;
  comment: string;
  hoursAgo: number;
  resolved?: { action: ReportAction; note: string; hoursAgo: number };
}

/** The demo queue: three open reports (the demo renter's first) and one resolved. */
export const DEMO_REPORTS: readonly DemoReport[] = [
  {
    reporterKey: 'renter',
    target: { type: 'space', ownerKey: 'james.okafor' },
    reason: 'fraud',
    comment:
      'The owner asked me to pay by bank transfer outside ClinicShare to "skip the fee". The photos also appear on another clinic\'s website.',
    hoursAgo: 50,
  },
  {
    reporterKey: 'aisha.williams',
    target: { type: 'space', ownerKey: 'robert.kim' },
    reason: 'unsafe',
    comment: 'The listing says the suite is wheelchair accessible, but the only entrance has six steps and no ramp.',
    hoursAgo: 30,
  },
  {
    reporterKey: 'kevin.obrien',
    target: { type: 'user', userKey: 'daniel.reyes' },
    reason: 'spam',
    comment: 'Sent me the same message about a "better deal" on another site three times in one day.',
    hoursAgo: 5,
  },
  {
    reporterKey: 'laura.bennett',
    target: { type: 'space', ownerKey: 'emily.nguyen' },
    reason: 'inappropriate',
    comment: 'One of the photos shows a patient in the chair.',
    hoursAgo: 9 * 24,
    resolved: {
      action: 'no_action',
      note: 'Checked the photos with the owner: the person in the chair is a staff member who agreed to it.',
      hoursAgo: 8 * 24,
    },
  },
];

/** Contact form messages of the demo inbox: one from a signed-in demo user, two from visitors. */
export const DEMO_CONTACT_MESSAGES: readonly {
  userKey?: string;
  name: string;
  email?: string;
  topic: ContactTopic;
  message: string;
  hoursAgo: number;
}[] = [
  {
    userKey: 'michael.thompson',
    name: 'Michael Thompson',
    topic: 'booking',
    message:
      'I booked an exam room for next Friday but my patient moved to Monday. Can I move the booking instead of cancelling it and booking again?',
    hoursAgo: 3,
  },
  {
    name: 'Jordan Ellis',
    email: 'jordan.ellis@example.com',
    topic: 'listing',
    message:
      'I run a two-chair dental practice that is closed on Fridays. Can I list just the one operatory for Fridays, and who provides the instruments?',
    hoursAgo: 26,
  },
  {
    name: 'Sam Ortega',
    email: 'sam.ortega@example.com',
    topic: 'payments',
    message: 'Is the platform fee charged on every booking with the same owner, or only the first one? The help page was not clear to me.',
    hoursAgo: 72,
  },
];

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
