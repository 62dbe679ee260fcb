/**
 * Listings: read, create, edit and delete a space (owner only). The search
 * of the listings is src/server/search/; the map's clustered points map-points.ts.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  LISTING_GONE_MESSAGE,
  type createSpaceSchema,
  type DeleteSpaceResult,
  type Space,
  type SpaceDetail,
} from '../../shared/schemas/spaces';
import { ROOM_FEATURES } from '../../shared/schemas/room-features';
import { STANDING_MONTHLY_MESSAGE } from '../../shared/schemas/standing-bookings';
import { BLOCKING_BOOKING_STATUSES } from '../../shared/constants';
import { timeZoneForState } from '../../shared/time-zones';
import type { Database } from '../db/client';
import { bookings, medicalSpaces } from '../db/schema';
import { badRequest, conflict, forbidden, gone, notFound } from '../http/errors';
import type { AddressParts, Geocoder } from '../geocoding/geocoder';
import { foldPublishedRatingsWhenDue, ratingOf } from '../ratings/stored-rating';
import { readBlockedDates, replaceBlockedDates } from '../schedules/service';
import { rebuildSpaceDays } from '../schedules/space-days';
import { storeListingImages } from '../storage/images';
import type { UploadQuota } from '../storage/quota';
import type { FileStorage } from '../storage/storage';

type SpaceRow = typeof medicalSpaces.$inferSelect;

/** The columns of a space row that the API shows ({@link toSpace}) and that decide whether it may be shown. */
const spaceColumns = {
  id: medicalSpaces.id,
  ownerId: medicalSpaces.ownerId,
  title: medicalSpaces.title,
  description: medicalSpaces.description,
  spaceType: medicalSpaces.spaceType,
  address: medicalSpaces.address,
  city: medicalSpaces.city,
  state: medicalSpaces.state,
  zipCode: medicalSpaces.zipCode,
  latitude: medicalSpaces.latitude,
  longitude: medicalSpaces.longitude,
  pricePerDay: medicalSpaces.pricePerDay,
  pricePeriod: medicalSpaces.pricePeriod,
  capacity: medicalSpaces.capacity,
  amenities: medicalSpaces.amenities,
  equipment: medicalSpaces.equipment,
  features: medicalSpaces.features,
  optimalSpecialty: medicalSpaces.optimalSpecialty,
  images: medicalSpaces.images,
  availableFrom: medicalSpaces.availableFrom,
  availableTo: medicalSpaces.availableTo,
  rules: medicalSpaces.rules,
  cancellationPolicy: medicalSpaces.cancellationPolicy,
  agreementTerms: medicalSpaces.agreementTerms,
  instantBook: medicalSpaces.instantBook,
  requiresInsurance: medicalSpaces.requiresInsurance,
  requiresCheckIn: medicalSpaces.requiresCheckIn,
  turnoverChecklist: medicalSpaces.turnoverChecklist,
  cancellationPolicyTier: medicalSpaces.cancellationPolicyTier,
  active: medicalSpaces.active,
  schedule: medicalSpaces.schedule,
  createdAt: medicalSpaces.createdAt,
  ratingCount: medicalSpaces.ratingCount,
  ratingAverage: medicalSpaces.ratingAverage,
  takenDownAt: medicalSpaces.takenDownAt,
  ownerSuspended: medicalSpaces.ownerSuspended,
  accessMethod: medicalSpaces.accessMethod,
  accessRevealHours: medicalSpaces.accessRevealHours,
  accessInstructions: medicalSpaces.accessInstructions,
  standingBookings: medicalSpaces.standingBookings,
};
type SpaceColumns = Pick<SpaceRow, keyof typeof spaceColumns>;
/** A parsed listing form (`createSpaceSchema`'s output), for create and edit alike. */
export type CreateSpaceData = z.output<typeof createSpaceSchema>;

/**
 * Public shape of a space row (`spaceSchema`); dates ISO-8601 UTC. Its access instructions only
 * with `forOwner` (they are the way in: docs/product.md#the-day-of-the-stay).
 */
export function toSpace(row: SpaceColumns, { forOwner = false }: { forOwner?: boolean } = {}): Space {
  return {
    id: row.id,
    ownerId: row.ownerId,
    title: row.title,
    description: row.description,
    spaceType: row.spaceType,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    latitude: row.latitude,
    longitude: row.longitude,
    pricePerDay: row.pricePerDay,
    pricePeriod: row.pricePeriod,
    capacity: row.capacity,
    amenities: row.amenities,
    equipment: row.equipment,
    features: row.features,
    optimalSpecialty: row.optimalSpecialty,
    images: row.images,
    availableFrom: row.availableFrom?.toISOString() ?? null,
    availableTo: row.availableTo?.toISOString() ?? null,
    rules: row.rules,
    cancellationPolicy: row.cancellationPolicy,
    agreementTerms: row.agreementTerms,
    instantBook: row.instantBook,
    requiresInsurance: row.requiresInsurance,
    requiresCheckIn: row.requiresCheckIn,
    turnoverChecklist: row.turnoverChecklist,
    cancellationPolicyTier: row.cancellationPolicyTier,
    active: row.active,
    timeZone: timeZoneForState(row.state),
    schedule: row.schedule ?? null,
    createdAt: row.createdAt.toISOString(),
    rating: ratingOf(row),
    access: {
      method: row.accessMethod,
      revealHoursBefore: row.accessRevealHours,
      ...(forOwner && { instructions: row.accessInstructions }),
    },
    standingBookings: row.standingBookings ?? null,
  };
}

/** The by-id lookup as a prepared statement, one per database (parsed and planned once per connection). */
const spaceById = new WeakMap<Database, ReturnType<typeof prepareSpaceById>>();
const prepareSpaceById = (db: Database) =>
  db
    .select()
    .from(medicalSpaces)
    .where(eq(medicalSpaces.id, sql.placeholder('id')))
    .limit(1)
    .prepare('space_by_id');

/** The space row, or null. */
export async function findSpaceRow(db: Database, id: string): Promise<SpaceRow | null> {
  if (!z.uuid().safeParse(id).success) return null;
  let statement = spaceById.get(db);
  if (!statement) spaceById.set(db, (statement = prepareSpaceById(db)));
  const [row] = await statement.execute({ id });
  return row ?? null;
}

/**
 * Whether an operator hid the listing: taken down, or its owner suspended
 * (docs/decisions/029-operators-and-the-audit-log.md). Such a listing is not `active` either; its
 * page and `GET /api/spaces/{id}` answer 410 {@link LISTING_GONE_MESSAGE} where an archived one
 * still shows.
 */
export function isHiddenByOperator(row: Pick<SpaceRow, 'takenDownAt' | 'ownerSuspended'>): boolean {
  return row.takenDownAt !== null || row.ownerSuspended;
}

/** A blocked date as the detail query aggregates it (ends inclusive, `YYYY-MM-DD`). */
interface StoredBlockedDate {
  start: string;
  end: string;
  note: string | null;
}

/**
 * The space page's read in one statement: the shown columns and the blocked dates, notes included
 * (dropped unless the owner asks), ordered as `readBlockedDates` orders them. Prepared once per database.
 */
const spaceDetailById = new WeakMap<Database, ReturnType<typeof prepareSpaceDetail>>();
const prepareSpaceDetail = (db: Database) =>
  db
    .select({
      ...spaceColumns,
      // The outer column is named in full: unqualified, `id` would be the blocked date's own.
      blockedDates: sql<StoredBlockedDate[]>`(
        select coalesce(json_agg(json_build_object('start', b.start_date, 'end', b.end_date, 'note', b.note)
          order by b.start_date, b.end_date), '[]'::json)
        from space_blocked_dates b where b.space_id = "medical_spaces"."id")`,
    })
    .from(medicalSpaces)
    .where(eq(medicalSpaces.id, sql.placeholder('id')))
    .limit(1)
    .prepare('space_detail_by_id');

/**
 * One space with its blocked dates; their private notes only when `viewerId` is the owner.
 * @throws HttpError 404 when it does not exist, 410 when an operator hid it ({@link isHiddenByOperator})
 */
export async function getSpace(db: Database, id: string, viewerId?: string): Promise<SpaceDetail> {
  // Reviews whose window has just closed count before the rating is read (docs/decisions/028-reviews.md).
  await foldPublishedRatingsWhenDue(db);
  if (!z.uuid().safeParse(id).success) throw notFound('Space not found.');
  let statement = spaceDetailById.get(db);
  if (!statement) spaceDetailById.set(db, (statement = prepareSpaceDetail(db)));
  const [row] = await statement.execute({ id });
  if (!row) throw notFound('Space not found.');
  if (isHiddenByOperator(row)) throw gone(LISTING_GONE_MESSAGE);
  const withNotes = viewerId === row.ownerId;
  const blockedDates = row.blockedDates.map(({ start, end, note }) => (withNotes ? { start, end, note } : { start, end }));
  return { ...toSpace(row, { forOwner: withNotes }), blockedDates };
}

/** Columns every create and edit sets from the shared schema (images and coordinates are handled apart). */
function listingColumns(input: CreateSpaceData) {
  return {
    title: input.title,
    description: input.description,
    spaceType: input.spaceType,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    pricePerDay: input.pricePerDay,
    pricePeriod: input.pricePeriod,
    capacity: input.capacity,
    amenities: input.amenities,
    equipment: input.equipment,
    // Left out: none on a new listing (the column's default), kept on an edit. Stored in the list's order, as shown.
    ...(input.features !== undefined && { features: ROOM_FEATURES.filter((feature) => input.features!.includes(feature)) }),
    optimalSpecialty: input.optimalSpecialty || null,
    availableFrom: input.availableFrom ? new Date(input.availableFrom) : null,
    availableTo: input.availableTo ? new Date(input.availableTo) : null,
    rules: input.rules || null,
    cancellationPolicy: input.cancellationPolicy || null,
    // Left out on an edit: kept as they are (the listing wizard does not send them yet).
    ...(input.agreementTerms !== undefined && { agreementTerms: input.agreementTerms }),
    instantBook: input.instantBook,
    // Left out: false on a new listing (the column's default), kept on an edit.
    ...(input.requiresInsurance !== undefined && { requiresInsurance: input.requiresInsurance }),
    // Left out: no check-in and the default checklist on a new listing (the columns' defaults), kept on an edit.
    ...(input.requiresCheckIn !== undefined && { requiresCheckIn: input.requiresCheckIn }),
    ...(input.turnoverChecklist !== undefined && { turnoverChecklist: input.turnoverChecklist }),
    cancellationPolicyTier: input.cancellationPolicyTier,
    // Left out on an edit: kept as it is.
    ...(input.schedule !== undefined && { schedule: input.schedule }),
    // Left out: instructions revealed 24 hours before on a new listing (the columns' defaults), kept on an edit.
    ...(input.access !== undefined && {
      accessMethod: input.access.method,
      accessRevealHours: input.access.revealHoursBefore,
      // Instructions left out of `access` are kept; empty removes them.
      ...(input.access.instructions !== undefined && { accessInstructions: input.access.instructions || null }),
    }),
    // Left out: none on a new listing (the column's default), kept on an edit; null withdraws the offer.
    ...(input.standingBookings !== undefined && { standingBookings: input.standingBookings }),
  };
}

/** Coordinates as the numeric(10,7) columns store them. */
function coordinateColumns(located: { latitude: number; longitude: number } | null) {
  return { latitude: located ? located.latitude.toFixed(7) : null, longitude: located ? located.longitude.toFixed(7) : null };
}

/** The owner's pin when the form sends one (the wizard's draggable marker), else null. */
function sentCoordinates(input: CreateSpaceData): { latitude: number; longitude: number } | null {
  return input.latitude != null && input.longitude != null ? { latitude: input.latitude, longitude: input.longitude } : null;
}

/**
 * Lists a space for `ownerId`. Inline images are stored as files first; the
 * owner's pin is kept, else the address is geocoded on the server
 * (docs/decisions/013-geocoding-on-the-server.md), and a space nothing
 * places is still listed with null coordinates (docs/product.md#spaces).
 * @throws HttpError 413 / 415 for a bad inline image, 413 past the owner's image storage
 */
export async function createSpace(
  db: Database,
  storage: FileStorage,
  geocoder: Geocoder,
  ownerId: string,
  input: CreateSpaceData,
  quota: UploadQuota,
): Promise<SpaceDetail> {
  const images = await storeListingImages(storage, input.images, { userId: ownerId, quota });
  const located = sentCoordinates(input) ?? (await geocoder.geocode(input));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(medicalSpaces)
      .values({ ownerId, ...listingColumns(input), ...coordinateColumns(located), images })
      .returning();
    await replaceBlockedDates(tx, row!.id, input.blockedDates ?? []);
    await rebuildSpaceDays(tx, [row!.id]); // what search reads of it (schedules/space-days.ts)
    return { ...toSpace(row!, { forOwner: true }), blockedDates: await readBlockedDates(tx, row!.id, { withNotes: true }) };
  });
}

const sameAddress = (a: AddressParts, b: AddressParts) =>
  (['address', 'city', 'state', 'zipCode'] as const).every((part) => a[part].trim().toLowerCase() === b[part].trim().toLowerCase());

/**
 * Replaces a space's listing fields for its owner (`PUT /api/spaces/{id}`,
 * the create schema). Coordinates: the owner's pin when sent; otherwise the
 * address is geocoded again only when it changed, and kept when it did not.
 * @throws HttpError 404 when missing or archived, 403 when `userId` is not the owner, 400 when it becomes priced per
 *   month while keeping an offer of standing bookings, 413 / 415 for a bad inline image, 413 past the owner's image storage
 */
export async function updateSpace(
  db: Database,
  storage: FileStorage,
  geocoder: Geocoder,
  id: string,
  userId: string,
  input: CreateSpaceData,
  quota: UploadQuota,
): Promise<SpaceDetail> {
  const existing = await findSpaceRow(db, id);
  if (!existing || !existing.active) throw notFound('Space not found.');
  requireOwner(existing, userId);
  // The body's own offer is checked by its schema; one kept by leaving it out must fit the new period too.
  if (input.pricePeriod === 'monthly' && input.standingBookings === undefined && existing.standingBookings) {
    throw badRequest(STANDING_MONTHLY_MESSAGE, [{ path: 'body.standingBookings', message: STANDING_MONTHLY_MESSAGE }]);
  }
  const images = await storeListingImages(storage, input.images, { userId, quota });
  const pin = sentCoordinates(input);
  const coordinates = pin
    ? coordinateColumns(pin)
    : sameAddress(existing, input)
      ? { latitude: existing.latitude, longitude: existing.longitude }
      : coordinateColumns(await geocoder.geocode(input));
  // A schedule change never cancels a booking: one the new hours leave out stays, flagged to the owner.
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(medicalSpaces)
      .set({ ...listingColumns(input), ...coordinates, images })
      .where(eq(medicalSpaces.id, id))
      .returning();
    if (input.blockedDates) await replaceBlockedDates(tx, id, input.blockedDates);
    await rebuildSpaceDays(tx, [id]); // its schedule, period, state or blocked dates may have changed (schedules/space-days.ts)
    return { ...toSpace(row!, { forOwner: true }), blockedDates: await readBlockedDates(tx, id, { withNotes: true }) };
  });
}

/**
 * Checks that `userId` owns `space`.
 * @throws HttpError 403 otherwise
 */
export function requireOwner(space: { ownerId: string }, userId: string): void {
  if (space.ownerId !== userId) throw forbidden('Only the owner of this space can do that.');
}

const SPACE_HAS_UPCOMING_BOOKINGS =
  'This space has upcoming or current bookings. Cancel them, or wait until they have ended, before removing the space.';

/**
 * Removes a space for its owner (docs/decisions/019-records-are-kept.md).
 * - While it has pending or confirmed bookings that have not ended: 409, nothing changes.
 * - With any booking history: archived (`active = false`); it leaves search, the
 *   map and the owner's list, and its bookings keep their space.
 * - With no bookings at all: deleted.
 * The space row is locked for the decision, so a booking cannot slip in between.
 * @throws HttpError 404 when missing or hidden by an operator, 403 when `userId` is not the owner, 409 with bookings ahead
 */
export async function deleteSpace(db: Database, id: string, userId: string): Promise<DeleteSpaceResult['outcome']> {
  if (!z.uuid().safeParse(id).success) throw notFound('Space not found.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ownerId: medicalSpaces.ownerId, takenDownAt: medicalSpaces.takenDownAt, ownerSuspended: medicalSpaces.ownerSuspended })
      .from(medicalSpaces)
      .where(eq(medicalSpaces.id, id))
      .for('update');
    // A listing an operator hid stays as it is until they restore it (as an edit, its removal is refused).
    if (!row || isHiddenByOperator(row)) throw notFound('Space not found.');
    requireOwner(row, userId);
    const [ahead] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.spaceId, id), inArray(bookings.status, [...BLOCKING_BOOKING_STATUSES]), gt(bookings.endAt, new Date())))
      .limit(1);
    if (ahead) throw conflict(SPACE_HAS_UPCOMING_BOOKINGS);
    const [history] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.spaceId, id)).limit(1);
    if (history) {
      await tx.update(medicalSpaces).set({ active: false }).where(eq(medicalSpaces.id, id));
      return 'archived';
    }
    await tx.delete(medicalSpaces).where(eq(medicalSpaces.id, id));
    return 'deleted';
  });
}
