/**
 * Reviews (docs/decisions/028-reviews.md): the 14-day window after a stay (a series
 * counted once), double-blind publication (both sides written, or the window closed with one side
 * silent), the owner's one reply, who may write and read what, bad input, the space's rating and
 * search by rating, and the invitations and reminders. Runs on PGlite and PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingSeries, medicalSpaces, notifications, reviews } from '../../src/server/db/schema';
import { sweepReviewInvitations } from '../../src/server/reviews/invitations';
import { createReview } from '../../src/server/reviews/service';
import { FOLD_RECHECK_MS, foldPublishedRatings, foldPublishedRatingsWhenDue } from '../../src/server/ratings/stored-rating';
import { insertBooking, insertSpace, insertUser, type NewBooking } from '../factories/db';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** An owner with a space, a renter, and a confirmed booking of it that ended `endedAgo` ms ago (negative: ends in the future). */
async function stay(endedAgo = HOUR, overrides: Partial<NewBooking> = {}) {
  const owner = await signedInUser(t, { firstName: 'Olivia' });
  const space = await insertSpace(t.db, owner.user.id);
  const renter = await signedInUser(t, { firstName: 'Rafael' });
  const end = ago(endedAgo);
  const booking = await insertBooking(t.db, {
    spaceId: space.id,
    renterId: renter.user.id,
    startAt: new Date(end.getTime() - DAY),
    endAt: end,
    ...overrides,
  });
  return { owner, space, renter, booking };
}

const review = { rating: 5, comment: 'Spotless room and a welcoming front desk.' };
const reviewCount = async (bookingId: string) => (await t.db.select().from(reviews).where(eq(reviews.bookingId, bookingId))).length;

describe('the review window', () => {
  it('opens when the booking ends and closes 14 days later; one review per side', async () => {
    const { renter, owner, booking } = await stay(HOUR);
    const url = `/api/bookings/${booking.id}/reviews`;
    const first = await post(url, review, renter.cookie);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      rating: 5,
      comment: review.comment,
      authorSide: 'renter',
      reviewerFirstName: 'Rafael',
      published: false,
    });
    const again = await post(url, { rating: 4, comment: 'Changed my mind.' }, renter.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this booking.');
    expect((await post(url, { rating: 4, comment: 'A considerate renter.' }, owner.cookie)).statusCode).toBe(201);
    expect(await reviewCount(booking.id)).toBe(2);
  });

  it('refuses a review before the end, after the window, and of a booking that was never completed', async () => {
    const upcoming = await stay(-DAY);
    const early = await post(`/api/bookings/${upcoming.booking.id}/reviews`, review, upcoming.renter.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('You can review this booking once it has ended.');

    const old = await stay(14 * DAY + 60_000);
    const late = await post(`/api/bookings/${old.booking.id}/reviews`, review, old.owner.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The 14-day review window for this booking has closed.');

    const lastMinute = await stay(14 * DAY - 60_000);
    expect((await post(`/api/bookings/${lastMinute.booking.id}/reviews`, review, lastMinute.renter.cookie)).statusCode).toBe(201);

    const cancelled = await stay(HOUR, { status: 'cancelled' });
    const never = await post(`/api/bookings/${cancelled.booking.id}/reviews`, review, cancelled.renter.cookie);
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toBe('Only a completed booking can be reviewed.');
    for (const id of [upcoming.booking.id, old.booking.id, cancelled.booking.id]) expect(await reviewCount(id)).toBe(0);
  });

  it('counts a series once, from the end of its last confirmed occurrence', async () => {
    const owner = await signedInUser(t, { firstName: 'Olivia' });
    const space = await insertSpace(t.db, owner.user.id);
    const renter = await signedInUser(t, { firstName: 'Rafael' });
    const [series] = await t.db
      .insert(bookingSeries)
      .values({
        spaceId: space.id,
        renterId: renter.user.id,
        recurrence: { weekdays: ['tue'], count: 3 },
        totalPrice: '450.00',
        instantBook: true,
      })
      .returning();
    const occurrence = (endedAgo: number, status: 'confirmed' | 'cancelled' = 'confirmed') =>
      insertBooking(t.db, {
        spaceId: space.id,
        renterId: renter.user.id,
        seriesId: series!.id,
        startAt: new Date(Date.now() - endedAgo - 4 * HOUR),
        endAt: ago(endedAgo),
        status,
      });
    const first = await occurrence(15 * DAY);
    const second = await occurrence(8 * DAY);
    const last = await occurrence(-6 * DAY);
    // The last occurrence has not ended: the series has not.
    expect((await post(`/api/bookings/${first.id}/reviews`, review, renter.cookie)).statusCode).toBe(409);
    // Cancelled, the last one no longer counts: the series ended 8 days ago, inside the window even for its first occurrence.
    await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, last.id));
    const written = await post(`/api/bookings/${first.id}/reviews`, review, renter.cookie);
    expect(written.statusCode, written.body).toBe(201);
    const twice = await post(`/api/bookings/${second.id}/reviews`, review, renter.cookie);
    expect(twice.statusCode).toBe(409);
    const view = await get(`/api/bookings/${second.id}/reviews`, owner.cookie);
    expect(view.json()).toMatchObject({ side: 'owner', canReview: true, theirsWritten: true, theirs: null, mine: null });
    expect(new Date(view.json().closesAt).getTime()).toBe(second.endAt.getTime() + 14 * DAY);
  });
});

describe('who may review', () => {
  it('answers 403 to anyone but the two parties, 404 for an unknown booking, 401 signed out', async () => {
    const { booking } = await stay(HOUR);
    const stranger = await signedInUser(t);
    const url = `/api/bookings/${booking.id}/reviews`;
    const forbidden = await post(url, review, stranger.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect((await get(url, stranger.cookie)).statusCode).toBe(403);
    expect((await post('/api/bookings/00000000-0000-4000-8000-000000000000/reviews', review, stranger.cookie)).statusCode).toBe(404);
    expect((await post('/api/bookings/not-a-booking/reviews', review, stranger.cookie)).statusCode).toBe(404);
    expect((await post(url, review)).statusCode).toBe(401);
    expect(await reviewCount(booking.id)).toBe(0);
  });

  it('refuses bad input with a clear 400 and saves nothing', async () => {
    const { renter, booking } = await stay(HOUR);
    const url = `/api/bookings/${booking.id}/reviews`;
    const bad = [
      { rating: 0, comment: 'Fine.' },
      { rating: 6, comment: 'Fine.' },
      { rating: 4.5, comment: 'Fine.' },
      { rating: '4', comment: 'Fine.' },
      { comment: 'No rating.' },
      { rating: 4, comment: '' },
      { rating: 4, comment: '    ' },
      { rating: 4, comment: 'x'.repeat(2001) },
      { rating: 4 },
      { rating: 4, comment: 'Fine.', authorSide: 'owner' },
    ];
    for (const payload of bad) {
      const response = await post(url, payload, renter.cookie);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof response.json().message).toBe('string');
    }
    expect((await post(url, { rating: 3, comment: 'x'.repeat(2000) }, renter.cookie)).statusCode).toBe(201);
    expect(await reviewCount(booking.id)).toBe(1);
  });
});

describe('double-blind publication', () => {
  it('shows neither review until both are written, then both at once, with the rating', async () => {
    const { renter, owner, space, booking } = await stay(2 * HOUR);
    const url = `/api/bookings/${booking.id}/reviews`;
    expect((await post(url, { rating: 4, comment: 'Good room, small waiting area.' }, renter.cookie)).statusCode).toBe(201);

    const ownerView = await get(url, owner.cookie);
    expect(ownerView.json()).toMatchObject({ canReview: true, theirsWritten: true, theirs: null, mine: null });
    expect(ownerView.body).not.toContain('small waiting area');
    expect((await get(`/api/spaces/${space.id}/reviews`)).json()).toMatchObject({ reviews: [], total: 0, rating: null });
    expect((await get(`/api/spaces/${space.id}`)).json().rating).toBeNull();
    expect((await get(`/api/users/${renter.user.id}/reviews`)).json().total).toBe(0);

    expect((await post(url, { rating: 5, comment: 'A model guest.' }, owner.cookie)).statusCode).toBe(201);
    const renterView = (await get(url, renter.cookie)).json();
    expect(renterView).toMatchObject({ canReview: false, theirsWritten: true, theirs: { comment: 'A model guest.', published: true } });
    expect(renterView.mine.published).toBe(true);

    const page = (await get(`/api/spaces/${space.id}/reviews`)).json();
    expect(page).toMatchObject({ total: 1, rating: { average: 4, count: 1 } });
    expect(page.reviews[0]).toMatchObject({
      reviewerFirstName: 'Rafael',
      rating: 4,
      comment: 'Good room, small waiting area.',
      reply: null,
    });
    expect((await get(`/api/spaces/${space.id}`)).json().rating).toEqual({ average: 4, count: 1 });
    const about = (await get(`/api/users/${renter.user.id}/reviews`)).json();
    expect(about).toMatchObject({
      total: 1,
      rating: { average: 5, count: 1 },
      reviews: [{ reviewerFirstName: 'Olivia', comment: 'A model guest.' }],
    });
  });

  it('publishes a lone review when the window closes, with the other side silent, and counts it once', async () => {
    const { renter, owner, space, booking } = await stay(15 * DAY);
    // Written 13 days after the end (inside the window); the window closed a day ago with the owner silent.
    await createReview(
      t.db,
      booking.id,
      renter.user.id,
      { rating: 2, comment: 'The room was not ready.' },
      new Date(booking.endAt.getTime() + 13 * DAY),
    );
    const [row] = await t.db.select().from(reviews).where(eq(reviews.bookingId, booking.id));
    expect(row!.publishedAt.getTime()).toBe(booking.endAt.getTime() + 14 * DAY);
    expect(row!.countedAt).toBeNull();

    const ownerView = (await get(`/api/bookings/${booking.id}/reviews`, owner.cookie)).json();
    expect(ownerView).toMatchObject({ canReview: false, theirsWritten: true, theirs: { rating: 2, published: true } });
    const page = (await get(`/api/spaces/${space.id}/reviews`)).json();
    expect(page).toMatchObject({ total: 1, rating: { average: 2, count: 1 } });
    // Read again (and searched): counted once.
    await get(`/api/spaces/${space.id}`);
    await get(`/api/spaces?ownerId=${owner.user.id}`);
    const [stored] = await t.db.select().from(medicalSpaces).where(eq(medicalSpaces.id, space.id));
    expect(stored).toMatchObject({ ratingCount: 1, ratingSum: 2, ratingAverage: '2.00' });
  });

  it('publishes both when the two sides write at the same moment, and takes one of two reviews a side sends at once', async () => {
    const { renter, owner, space, booking } = await stay(HOUR);
    const url = `/api/bookings/${booking.id}/reviews`;
    const [fromRenter, fromOwner, again] = await Promise.all([
      post(url, { rating: 3, comment: 'Fine.' }, renter.cookie),
      post(url, { rating: 5, comment: 'Great.' }, owner.cookie),
      post(url, { rating: 4, comment: 'Twice.' }, renter.cookie),
    ]);
    expect([fromRenter.statusCode, again.statusCode].sort()).toEqual([201, 409]);
    expect(fromOwner.statusCode).toBe(201);
    const page = (await get(`/api/spaces/${space.id}/reviews`)).json();
    expect(page.total).toBe(1);
    expect(page.rating.count).toBe(1);
    expect((await get(url, owner.cookie)).json().theirs).not.toBeNull();
  });

  it('keeps a lone review hidden before the window closes', async () => {
    const { renter, owner, space, booking } = await stay(10 * DAY);
    await post(`/api/bookings/${booking.id}/reviews`, review, renter.cookie);
    expect((await get(`/api/bookings/${booking.id}/reviews`, owner.cookie)).json()).toMatchObject({ theirsWritten: true, theirs: null });
    expect((await get(`/api/spaces/${space.id}/reviews`)).json().total).toBe(0);
  });
});

describe("the owner's reply", () => {
  it('lets the owner reply once to a published review; nobody else', async () => {
    const { renter, owner, space, booking } = await stay(HOUR);
    const written = (await post(`/api/bookings/${booking.id}/reviews`, review, renter.cookie)).json();
    // Not yet published: not found, even for the owner.
    expect((await post(`/api/reviews/${written.id}/reply`, { reply: 'Thanks!' }, owner.cookie)).statusCode).toBe(404);
    await post(`/api/bookings/${booking.id}/reviews`, { rating: 5, comment: 'Great guest.' }, owner.cookie);
    expect((await post(`/api/reviews/${written.id}/reply`, { reply: 'Not mine to answer.' }, renter.cookie)).statusCode).toBe(403);
    expect((await post(`/api/reviews/${written.id}/reply`, { reply: '' }, owner.cookie)).statusCode).toBe(400);
    const replied = await post(`/api/reviews/${written.id}/reply`, { reply: 'Thank you, come again.' }, owner.cookie);
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json()).toMatchObject({ reply: 'Thank you, come again.' });
    expect((await post(`/api/reviews/${written.id}/reply`, { reply: 'Once more.' }, owner.cookie)).statusCode).toBe(409);
    const page = (await get(`/api/spaces/${space.id}/reviews`)).json();
    expect(page.reviews[0]).toMatchObject({ reply: 'Thank you, come again.' });
    expect(page.reviews[0].repliedAt).toEqual(expect.any(String));
  });
});

describe('ratings in search', () => {
  it('sorts best rated first (ties newest first, unrated last), filters 4+ stars, and pages by cursor alike', async () => {
    const owner = await insertUser(t.db);
    const made = (minutesAgo: number) => insertSpace(t.db, owner.id, { createdAt: new Date(Date.now() - minutesAgo * 60_000) });
    const [fourHalfOld, fourHalfNew, three, unrated] = [await made(40), await made(30), await made(20), await made(10)];
    const rate = async (spaceId: string, ratings: number[]) => {
      for (const [index, rating] of ratings.entries()) {
        const renter = await insertUser(t.db);
        const end = ago((300 + index * 3) * DAY);
        const booking = await insertBooking(t.db, { spaceId, renterId: renter.id, startAt: new Date(end.getTime() - DAY), endAt: end });
        await t.db.insert(reviews).values({
          bookingId: booking.id,
          spaceId,
          authorId: renter.id,
          authorSide: 'renter',
          subjectId: owner.id,
          rating,
          comment: 'Seeded.',
          publishedAt: ago(280 * DAY),
        });
      }
    };
    await rate(fourHalfOld.id, [4, 5]);
    await rate(fourHalfNew.id, [5, 4]);
    await rate(three.id, [3]);
    // Inserted beside the service, so counted as the review sweep counts them.
    await foldPublishedRatings(t.db);

    const ids = (response: { json(): Array<{ id: string }> }) => response.json().map((space) => space.id);
    const byRating = await get(`/api/spaces?ownerId=${owner.id}&sort=rating`);
    expect(ids(byRating)).toEqual([fourHalfNew.id, fourHalfOld.id, three.id, unrated.id]);
    expect(byRating.json()[0].rating).toEqual({ average: 4.5, count: 2 });
    expect(byRating.json()[3].rating).toBeNull();
    expect(ids(await get(`/api/spaces?ownerId=${owner.id}`))).toEqual([unrated.id, three.id, fourHalfNew.id, fourHalfOld.id]);
    expect(ids(await get(`/api/spaces?ownerId=${owner.id}&minRating=4`))).toEqual([fourHalfNew.id, fourHalfOld.id]);
    expect(ids(await get(`/api/spaces?ownerId=${owner.id}&minRating=4&sort=rating`))).toEqual([fourHalfNew.id, fourHalfOld.id]);

    const paged: string[] = [];
    let after: string | undefined;
    do {
      const page = await get(`/api/spaces?ownerId=${owner.id}&sort=rating&limit=1${after ? `&after=${after}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      paged.push(...ids(page));
      after = page.headers['x-next-cursor'] as string | undefined;
    } while (after);
    expect(paged).toEqual([fourHalfNew.id, fourHalfOld.id, three.id, unrated.id]);
    // A newest-first cursor is not a rating cursor.
    const newestCursor = (await get(`/api/spaces?ownerId=${owner.id}&limit=1`)).headers['x-next-cursor'];
    expect((await get(`/api/spaces?ownerId=${owner.id}&sort=rating&after=${newestCursor}`)).statusCode).toBe(400);
    for (const query of ['minRating=6', 'minRating=3.5', 'sort=best']) expect((await get(`/api/spaces?${query}`)).statusCode).toBe(400);
  });
});

describe('invitations and reminders', () => {
  it('invites both sides when a stay ends and reminds once after 7 days a side that has not reviewed', async () => {
    const { renter, owner, booking } = await stay(HOUR);
    const kinds = async (userId: string) =>
      (await t.db.select({ kind: notifications.kind }).from(notifications).where(eq(notifications.userId, userId)))
        .map((row) => row.kind)
        .sort();
    await sweepReviewInvitations(t.db);
    await sweepReviewInvitations(t.db);
    expect(await kinds(renter.user.id)).toEqual(['review_invitation']);
    expect(await kinds(owner.user.id)).toEqual(['review_invitation']);

    await post(`/api/bookings/${booking.id}/reviews`, review, renter.cookie);
    const weekOn = new Date(booking.endAt.getTime() + 7 * DAY + HOUR);
    await sweepReviewInvitations(t.db, weekOn);
    await sweepReviewInvitations(t.db, new Date(weekOn.getTime() + DAY));
    expect(await kinds(renter.user.id)).toEqual(['review_invitation']);
    expect(await kinds(owner.user.id)).toEqual(['review_invitation', 'review_reminder']);
    const [reminder] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id), eq(notifications.kind, 'review_reminder')));
    expect(reminder!.link).toContain(booking.id);
  });

  it('invites nobody for a booking that has not ended or was cancelled', async () => {
    const upcoming = await stay(-HOUR);
    const cancelled = await stay(HOUR, { status: 'cancelled' });
    await sweepReviewInvitations(t.db);
    for (const user of [upcoming.renter, upcoming.owner, cancelled.renter, cancelled.owner]) {
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, user.user.id));
      expect(rows).toEqual([]);
    }
  });
});

describe('the stored rating', () => {
  it('is folded by reads only when a review is due to count, or once the last reading is too old', async () => {
    const { owner, renter, space, booking } = await stay(20 * DAY);
    const ratingCount = async () =>
      (await t.db.select({ count: medicalSpaces.ratingCount }).from(medicalSpaces).where(eq(medicalSpaces.id, space.id)))[0]!.count;
    // A reading taken a year ahead, past every other review of this file, so none is due before it.
    const now = Date.now() + 365 * DAY;
    await foldPublishedRatings(t.db, new Date(now));
    // Published already but written beside the service (as another instance would): a read does not
    // know of it and asks nothing...
    await t.db.insert(reviews).values({
      bookingId: booking.id,
      spaceId: space.id,
      authorId: renter.user.id,
      authorSide: 'renter',
      subjectId: owner.user.id,
      rating: 4,
      comment: 'Written elsewhere.',
      publishedAt: ago(DAY),
    });
    await foldPublishedRatingsWhenDue(t.db, new Date(now + 1000));
    expect(await ratingCount()).toBe(0);
    // ...until its reading of the next due review is older than the recheck time; then it counts once.
    await foldPublishedRatingsWhenDue(t.db, new Date(now + FOLD_RECHECK_MS + 1000));
    expect(await ratingCount()).toBe(1);
    await foldPublishedRatingsWhenDue(t.db, new Date(now + 2 * FOLD_RECHECK_MS + 2000));
    expect(await ratingCount()).toBe(1);
    await foldPublishedRatings(t.db);
  });
});
