/**
 * The day of a stay's API (docs/product.md#the-day-of-the-stay): the steps a renter takes, as the
 * paths name them. Each answers the `Booking` with its `checkedInAt` and `checkedOutAt`.
 */
import { z } from 'zod';

/** The steps of the day of a stay, as path segments (`POST /api/bookings/{id}/check-in`). */
export const STAY_STEP_PATHS = { check_in: 'check-in', check_out: 'check-out' } as const;

/** A step of the day of a stay (src/shared/stays.ts). */
export const stayStepSchema = z.enum(['check_in', 'check_out']);
