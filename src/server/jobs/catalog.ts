/**
 * Every queue of the job queue, with its retry policy and the shape of its jobs' data
 * (docs/decisions/023-durable-jobs.md). A queue is created when the database is prepared
 * (`prepareDatabase`), so a job enqueued in any transaction has its queue; handlers are
 * registered by the features that own the work, in `app.ts`.
 */

/** A queue: its name, its jobs' data `Data`, and how they are retried. */
export interface JobDefinition<Data extends object> {
  readonly name: string;
  /**
   * `standard`: every job runs; `singleton`: at most one job of the queue active at a time;
   * `stately`: at most one queued and one active per singleton key (pg-boss queue policies).
   */
  readonly policy: 'standard' | 'singleton' | 'stately';
  /** Runs after the first failure; then the job is `failed`, kept with its error. */
  readonly retryLimit: number;
  /** Seconds before the first retry; doubled each retry when `retryBackoff`. */
  readonly retryDelay: number;
  readonly retryBackoff: boolean;
  /** Seconds a run may take before it counts as failed (a process that died mid-run): it is retried then. */
  readonly expireInSeconds: number;
  /** A cron expression (UTC) that enqueues a job on schedule, once across every instance. */
  readonly cron?: string;
  /**
   * Jobs of this queue one process runs at once (default 1); several processes each run as many.
   * Above 1 only for `standard` queues: the others allow one active job (per key) anyway.
   */
  readonly concurrency?: number;
  /** Seconds between looks at this queue once drained (default: the workers' polling interval, 2 s). */
  readonly pollingIntervalSeconds?: number;
  /** Phantom field carrying the data type; never set. */
  readonly __data?: Data;
}

function define<Data extends object>(definition: Omit<JobDefinition<Data>, '__data'>): JobDefinition<Data> {
  const concurrency = definition.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1 || (concurrency > 1 && definition.policy !== 'standard')) {
    throw new Error(`Queue ${definition.name}: concurrency must be a whole number of at least 1, and 1 unless the policy is standard`);
  }
  return definition;
}

/**
 * Emails sent at once by one process (each email queue): the SMTP transport keeps a pool of as
 * many connections (`SMTP_MAX_CONNECTIONS`, default 8), a load most mail servers accept.
 */
export const EMAIL_CONCURRENCY = 8;

/** Every minute: expire lapsed holds and requests, settle stranded payments and refunds (bookings/reconciliation.ts). */
export const reconcileBookingsJob = define<Record<string, never>>({
  name: 'reconcile-bookings',
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 600,
  cron: '* * * * *',
});

/** At a hold's or a request's deadline: expire that booking if it is still waiting (bookings/expiry.ts). */
export const expireBookingJob = define<{ bookingId: string }>({
  name: 'expire-booking',
  policy: 'standard',
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
  concurrency: 4,
});

/**
 * A booking step happened (bookings/notices.ts): write its notifications (and enqueue their emails,
 * and a confirmation's reminder). Enqueued in the step's transaction.
 */
export const bookingStepJob = define<{
  bookingId: string;
  step: 'requested' | 'accepted' | 'declined' | 'request_expired' | 'confirmed' | 'cancelled' | 'hold_expired';
  /** When the step happened, ISO-8601 UTC. */
  at: string;
  /** The step of the booking's whole series (its occurrences moved together; docs/decisions/026-booking-series.md). */
  wholeSeries?: boolean;
}>({
  name: 'booking-step',
  policy: 'standard',
  retryLimit: 10,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
  concurrency: 4,
});

/** 24 hours before a confirmed booking starts: remind the renter, once (bookings). */
export const bookingReminderJob = define<{ bookingId: string }>({
  name: 'booking-reminder',
  policy: 'standard',
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
  concurrency: 4,
});

/**
 * Email one notification (notifications): render, keep in the outbox, send over SMTP. Retried with
 * backoff (15 s, 30 s, ... about 17 hours in all) while the SMTP server refuses or is down.
 * Account mail has a queue of its own ({@link sendAccountEmailJob}).
 */
export const sendNotificationEmailJob = define<{ notificationId: string }>({
  name: 'send-notification-email',
  policy: 'standard',
  retryLimit: 12,
  retryDelay: 15,
  retryBackoff: true,
  expireInSeconds: 300,
  concurrency: EMAIL_CONCURRENCY,
});

/**
 * Email one account or security notification (welcome, email verification, password reset,
 * password changed: `isAccountEmailKind`), as {@link sendNotificationEmailJob} does, in a queue of
 * its own with workers of its own, so it never waits behind a burst of other notifications.
 * Retried sooner (5 s, 10 s, ... about 20 minutes in all): its links are short-lived.
 */
export const sendAccountEmailJob = define<{ notificationId: string }>({
  name: 'send-account-email',
  policy: 'standard',
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
  concurrency: 4,
  // Someone is waiting for it: looked for four times a second (one cheap query each).
  pollingIntervalSeconds: 0.25,
});

/** New messages in a conversation the recipient has not read: one email per conversation per 15 minutes (messages). */
export const messageEmailJob = define<{ conversationId: string; recipientId: string }>({
  name: 'message-email',
  policy: 'standard',
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 300,
  concurrency: 4,
});

/**
 * Every 5 minutes: invite both sides of stays that have ended to review them, remind once a week on,
 * and count reviews whose window has closed into their space's rating (reviews/invitations.ts).
 */
export const reviewSweepJob = define<Record<string, never>>({
  name: 'review-sweep',
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 600,
  cron: '*/5 * * * *',
});

/**
 * Every minute: tell the renter of a booking ending in the next few minutes when another booking of
 * the room follows it closely ("Next clinician waiting"), once each (stays/next-clinician.ts).
 */
export const nextClinicianSweepJob = define<Record<string, never>>({
  name: 'next-clinician-sweep',
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 120,
  cron: '* * * * *',
});

/** Every hour: tell holders of certificates of insurance 30 and 7 days before they expire, once each (insurance/expiry-notices.ts). */
export const insuranceExpiryNoticesJob = define<Record<string, never>>({
  name: 'insurance-expiry-notices',
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 600,
  cron: '17 * * * *',
});

/**
 * An owner's payouts of payments charged on the platform (payouts/service.ts;
 * docs/decisions/033-owed-payouts.md): transfer each owed one that holds money once (idempotency key
 * `payout-<payment id>`), void those that ended with nothing, and reverse from transferred ones what
 * later refunds took. Enqueued when the owner's account becomes able to take charges, and by the
 * sweep; at most one queued and one running per owner (`singletonKey` = owner id).
 */
export const transferOwedPayoutsJob = define<{ ownerId: string }>({
  name: 'transfer-owed-payouts',
  policy: 'stately',
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 600,
});

/**
 * Every minute: enqueue `transfer-owed-payouts` for each owner with a payout to settle (owed with a
 * ready account, or transferred with refunds not yet reversed), catching whatever a trigger missed.
 */
export const owedPayoutsSweepJob = define<Record<string, never>>({
  name: 'owed-payouts-sweep',
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 600,
  cron: '* * * * *',
});

/**
 * Every 10 minutes: write again the stored days of search by availability that are stale (an older
 * version of the rules, holds that lapsed) and drop the past ones (schedules/space-days-sweep.ts).
 */
export const spaceDaysSweepJob = define<Record<string, never>>({
  name: 'space-days-sweep',
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 600,
  cron: '*/10 * * * *',
});

/**
 * Every minute: read each imported calendar not read for `CALENDAR_IMPORT_SYNC_MINUTES` (15 by
 * default), once across instances (calendar-imports/jobs.ts; docs/decisions/038-calendar-import.md).
 * A feed's failure is kept on the feed (`last_error`) and retried at its next turn, not by the queue.
 */
export const calendarImportsSyncJob = define<Record<string, never>>({
  name: 'calendar-imports-sync',
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 600,
  cron: '* * * * *',
});

/**
 * Make, keep or delete a booking's door code so that it matches the booking now (access/sync.ts):
 * enqueued with each confirmation and cancellation (bookings/notices.ts), and at the code's end.
 * A lock provider that fails is retried (30 s, 1 min, ... about 8.5 hours in all); the booking
 * stays confirmed and its owner is told.
 */
export const syncAccessCodeJob = define<{ bookingId: string }>({
  name: 'sync-access-code',
  policy: 'standard',
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 2,
});

/** At a booking's reveal time: tell its renter the way in (door code or instructions), once (access/reveal.ts). */
export const revealAccessJob = define<{ bookingId: string }>({
  name: 'reveal-access',
  policy: 'standard',
  retryLimit: 10,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 120,
  concurrency: 2,
});

/**
 * Every five minutes: end the standing bookings that are over, hold the periods their horizon
 * reaches, and charge the periods due with the saved card, each once across instances
 * (standing-bookings/billing.ts; docs/decisions/041-standing-bookings.md).
 */
export const standingBillingJob = define<Record<string, never>>({
  name: 'standing-billing',
  policy: 'singleton',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 900,
  cron: '*/5 * * * *',
});

/** Every queue, in no particular order. */
export const JOB_CATALOG: readonly JobDefinition<object>[] = [
  reconcileBookingsJob,
  expireBookingJob,
  bookingStepJob,
  bookingReminderJob,
  sendNotificationEmailJob,
  sendAccountEmailJob,
  messageEmailJob,
  reviewSweepJob,
  nextClinicianSweepJob,
  insuranceExpiryNoticesJob,
  transferOwedPayoutsJob,
  owedPayoutsSweepJob,
  spaceDaysSweepJob,
  calendarImportsSyncJob,
  syncAccessCodeJob,
  revealAccessJob,
  standingBillingJob,
];
