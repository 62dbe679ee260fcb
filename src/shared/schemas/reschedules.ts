/**
 * Rescheduling a booking (docs/decisions/040-rescheduling.md): the body of the move and of its
 * quote, the quote, one reschedule of the history, and the answer of the move. Amounts are decimal
 * strings; a price difference is signed (positive charged, negative refunded).
 */
import { z } from 'zod';
import { bookingInstantSchema, bookingSchema } from './bookings';

/** The new time, in the booking format of its space as checkout takes it (`YYYY-MM-DD`, or `YYYY-MM-DDTHH:mm` by the hour or session; end exclusive). */
export const rescheduleRequestSchema = z.object({
  startDate: bookingInstantSchema,
  endDate: bookingInstantSchema,
  /**
   * The booking's start as the client last saw it (ISO-8601, as GET /api/bookings/{id} answers it),
   * optional: when given and the booking has moved since, the change is refused (409), so of two
   * changes sent from the same view one wins.
   */
  currentStartDate: z.iso.datetime({ offset: true }).optional(),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

/** A signed decimal amount: "-40.00", "0.00", "12.50". */
export const signedAmountSchema = z.string().regex(/^-?\d+\.\d{2}$/);

/** What moving a booking to the time asked would cost, changing nothing. */
export const rescheduleQuoteSchema = z.object({
  /** `newTotal - oldTotal + cancellationCost`: positive charged, negative refunded. */
  priceDifference: signedAmountSchema,
  /** The new time's total by the shared quote. */
  newTotal: z.string(),
  /** What the renter has in the booking now: its total as charged less the refunds decided. */
  oldTotal: z.string(),
  /** What cancelling the booking now would keep under its policy ("0.00" inside the free window). */
  cancellationCost: z.string(),
  /** Whether cancelling now would refund in full (the change then costs nothing but the new price). */
  freeWindow: z.boolean(),
  /** The new range, ISO-8601 UTC, and its units. */
  startDate: z.string(),
  endDate: z.string(),
  units: z.number().int(),
  /** Whether the owner must accept the change first (a request-to-book listing). */
  needsOwnerAnswer: z.boolean(),
  /** The difference in plain English, for the dialog. */
  explanation: z.string(),
});
export type RescheduleQuote = z.infer<typeof rescheduleQuoteSchema>;

export const RESCHEDULE_STATUSES = ['requested', 'accepted', 'declined', 'cancelled'] as const;

/** One reschedule of a booking's history; instants ISO-8601 UTC. */
export const rescheduleSchema = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  fromStartDate: z.string(),
  fromEndDate: z.string(),
  toStartDate: z.string(),
  toEndDate: z.string(),
  status: z.enum(RESCHEDULE_STATUSES),
  priceDifference: signedAmountSchema,
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type Reschedule = z.infer<typeof rescheduleSchema>;

/** The answer of a move made at once: the booking as GET /api/bookings/{id} answers it, with the difference and the reschedule. */
export const rescheduledBookingSchema = bookingSchema.extend({
  priceDifference: signedAmountSchema,
  reschedule: rescheduleSchema,
});

/** The answer of a move asked of the owner (request-to-book): the request, the booking unchanged. */
export const rescheduleRequestedSchema = z.object({
  status: z.literal('reschedule_requested'),
  priceDifference: signedAmountSchema,
  reschedule: rescheduleSchema,
  booking: bookingSchema,
});

/** PUT /api/bookings/{id}/reschedule answers one of the two. */
export const rescheduleAnswerSchema = z.union([rescheduleRequestedSchema, rescheduledBookingSchema]);
export type RescheduleAnswer = z.infer<typeof rescheduleAnswerSchema>;

/** An owner's open reschedule request, with its booking (renter and space), for the list where requests are answered. */
export const rescheduleRequestItemSchema = rescheduleSchema.extend({ booking: bookingSchema });
export type RescheduleRequestItem = z.infer<typeof rescheduleRequestItemSchema>;
