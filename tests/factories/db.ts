/**
 * Test factories: insert users, spaces and bookings, each field with a
 * sensible default, so a test states only what it is about. Tests only: the
 * demo seed (src/server/seed) writes its own rows.
 */
import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../src/server/auth/service';
import type { Database } from '../../src/server/db/client';
import { bookings, bookingSeries, medicalSpaces, payments, users } from '../../src/server/db/schema';
import { refreshBookedDays, spaceTemplateColumns } from '../../src/server/schedules/space-days';

export type NewUser = Partial<Omit<typeof users.$inferInsert, 'passwordHash'>> & { password?: string; passwordHash?: string };
export type NewSpace = Partial<typeof medicalSpaces.$inferInsert>;
/** What a test gives of a single booking's payment with the booking: intent, card, dispute, when paid (`payments`' columns). */
export type NewBookingPayment = Partial<
  Pick<typeof payments.$inferInsert, 'stripePaymentIntentId' | 'paidAt' | 'cardBrand' | 'cardLast4' | 'disputeStatus'>
>;
export type NewBooking = Partial<typeof bookings.$inferInsert> &
  Pick<typeof bookings.$inferInsert, 'spaceId' | 'renterId' | 'startAt' | 'endAt'> &
  NewBookingPayment;

/** The password of factory users unless one is given. */
export const FACTORY_PASSWORD = 'correct-horse-battery';

let cachedHash: Promise<string> | undefined;

/** Inserts a user; returns the row. Hashing is shared for the default password. */
export async function insertUser(db: Database, overrides: NewUser = {}): Promise<typeof users.$inferSelect> {
  const { password, passwordHash, ...fields } = overrides;
  const hash = passwordHash ?? (password ? await hashPassword(password) : await (cachedHash ??= hashPassword(FACTORY_PASSWORD)));
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${randomUUID()}@example.test`,
      firstName: 'Alex',
      lastName: 'Rivera',
      specialty: 'Family Medicine',
      userType: 'both',
      acceptedTermsAt: new Date(),
      ...fields,
      passwordHash: hash,
    })
    .returning();
  return row!;
}

/** Inserts a space owned by `ownerId`; returns the row. */
export async function insertSpace(db: Database, ownerId: string, overrides: NewSpace = {}): Promise<typeof medicalSpaces.$inferSelect> {
  const [row] = await db.insert(medicalSpaces).values(spaceValues(ownerId, overrides)).returning();
  return row!;
}

/**
 * The insert values of a space with defaults (a daily exam room in Boston), with the template search by
 * availability reads (computed from its schedule, pricing period and state, as the app writes it).
 */
export function spaceValues(ownerId: string, overrides: NewSpace = {}): typeof medicalSpaces.$inferInsert {
  const values = {
    ownerId,
    title: 'Bright Examination Room in Back Bay',
    description: 'A quiet, fully equipped examination room two blocks from the Green Line.',
    spaceType: 'Examination Room',
    address: '200 Clarendon St, Suite 400',
    city: 'Boston',
    state: 'MA',
    zipCode: '02116',
    latitude: '42.3496000',
    longitude: '-71.0746000',
    pricePerDay: '150.00',
    pricePeriod: 'daily',
    capacity: 2,
    amenities: ['Wi-Fi', 'Waiting Area'],
    equipment: ['Examination Table'],
    ...overrides,
  } satisfies typeof medicalSpaces.$inferInsert;
  return {
    ...spaceTemplateColumns({ pricePeriod: values.pricePeriod ?? 'daily', state: values.state, schedule: values.schedule }),
    ...values,
  };
}

/**
 * Inserts a booking (confirmed, $150 unless told otherwise) and writes what search reads of its dates, as the
 * app does; returns the row. A single booking's payment is written first, as a checkout would have left it:
 * its status and refunds are the booking's share (`paymentStatus`, `amountRefunded`), with the intent, card,
 * dispute and `paidAt` given. Instants are UTC.
 * @throws Error for payment columns given with a series occurrence (its series' payment has them: {@link insertSeries})
 */
export async function insertBooking(db: Database, values: NewBooking): Promise<typeof bookings.$inferSelect> {
  const { stripePaymentIntentId, paidAt, cardBrand, cardLast4, disputeStatus, ...given } = values;
  const booking = { totalPrice: '150.00', platformFeeAmount: '0.00', status: 'confirmed' as const, ...given, id: given.id ?? randomUUID() };
  const payment = { stripePaymentIntentId, paidAt, cardBrand, cardLast4, disputeStatus };
  if (booking.seriesId) {
    if (Object.values(payment).some((value) => value !== undefined)) throw new Error("An occurrence's payment is its series'.");
  } else {
    await db.insert(payments).values({
      id: booking.id,
      amount: booking.totalPrice,
      platformFeeAmount: booking.platformFeeAmount ?? '0',
      status: booking.paymentStatus,
      amountRefunded: booking.amountRefunded,
      createdAt: booking.createdAt,
      ...payment,
    });
  }
  const [row] = await db.insert(bookings).values(booking).returning();
  await refreshBookedDays(db, [row!]);
  return row!;
}

/**
 * A booking series and its one payment (`payment`: its status, when paid...; amount and fee are the
 * series'), written directly as a checkout would have left them. Its occurrences are inserted apart.
 */
export async function insertSeries(
  db: Database,
  values: typeof bookingSeries.$inferInsert,
  payment: Partial<typeof payments.$inferInsert> = {},
): Promise<typeof bookingSeries.$inferSelect> {
  const id = values.id ?? randomUUID();
  await db.insert(payments).values({ id, amount: values.totalPrice, platformFeeAmount: values.platformFeeAmount ?? '0', ...payment });
  const [row] = await db
    .insert(bookingSeries)
    .values({ ...values, id })
    .returning();
  return row!;
}
