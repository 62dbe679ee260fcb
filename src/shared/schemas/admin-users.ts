/**
 * A user as the console's Users tab opens them (docs/product.md#the-console):
 * the account, their listings, their bookings as a renter and as an owner, the payments they made
 * and received, and the reports they made and those about them. Each list holds the newest
 * {@link ADMIN_USER_LIST_LIMIT} with the total count beside it. Amounts are dollars as decimal
 * strings (docs/decisions/010-money-in-integer-cents.md); instants ISO-8601 UTC.
 */
import { z } from 'zod';
import { adminSpaceSchema, adminUserSchema } from './admin';
import { adminBookingRowSchema } from './admin-bookings';
import { adminReportSchema } from './reports';

/** How many rows of each list the user view holds (the newest); `total` says how many there are. */
export const ADMIN_USER_LIST_LIMIT = 50;

/** The newest rows of a list and how many there are in all. */
const cappedList = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/**
 * A payment taken for a single booking (`kind: 'booking'`) or a whole recurring series (`'series'`,
 * paid once: docs/decisions/026-booking-series.md), which the user `paid` as the renter or
 * `received` as the listing's owner. `bookingId` opens it in the bookings lookup (a series' first
 * occurrence). `refunded` is what the provider has given back of it so far.
 */
export const adminUserPaymentSchema = z.object({
  kind: z.enum(['booking', 'series']),
  id: z.uuid(),
  bookingId: z.uuid(),
  side: z.enum(['paid', 'received']),
  spaceTitle: z.string(),
  amount: z.string(),
  refunded: z.string(),
  /** Our record of it: paid, refunded, partially_refunded (or authorized, canceled...). */
  paymentStatus: z.string(),
  paidAt: z.string(),
});
export type AdminUserPayment = z.infer<typeof adminUserPaymentSchema>;

/** GET /api/admin/users/{id}. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  /** The spaces they own, whatever their status. */
  listings: cappedList(adminSpaceSchema),
  /** Bookings they made. */
  bookingsAsRenter: cappedList(adminBookingRowSchema),
  /** Bookings of the spaces they own. */
  bookingsAsOwner: cappedList(adminBookingRowSchema),
  /** Payments they made or received, newest paid first. */
  payments: cappedList(adminUserPaymentSchema),
  /** Reports they filed. */
  reportsMade: cappedList(adminReportSchema),
  /** Reports of them, their listings, their reviews or their messages. */
  reportsAbout: cappedList(adminReportSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
