/**
 * The owner's earnings (GET /api/users/{id}/earnings and its CSV; docs/decisions/034-owner-earnings.md):
 * figures of a set of payments (a paid booking, a partial refund, a full refund, a transferred
 * payout, a series over two months), each payout state (with the charge, owed, transferred, void),
 * the stays ahead, occupancy, the CSV read back with the same library's parser, and who may ask.
 * Dates are counted from today: every stay is on the 10th to 20th of a month around now.
 */
import { addMonths, endOfMonth, format, startOfMonth } from 'date-fns';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerPayouts, spaceBlockedDates } from '../../src/server/db/schema';
import { scheduleSchema } from '../../src/shared/schemas/schedules';
import type { Earnings } from '../../src/shared/schemas/earnings';
import { insertBooking, insertSeries, insertSpace, insertUser } from '../factories/db';
import { futureWeekday, midnightIn } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

const NY = 'America/New_York';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const monthDay = (months: number, day: number) => format(addMonths(new Date(), months), `yyyy-MM-${String(day).padStart(2, '0')}`);
const month = (months: number) => format(addMonths(new Date(), months), 'yyyy-MM');
const FROM = format(startOfMonth(addMonths(new Date(), -2)), 'yyyy-MM-dd');
const TO = format(endOfMonth(addMonths(new Date(), 1)), 'yyyy-MM-dd');

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let other: Awaited<ReturnType<typeof signedInUser>>;
let dailyId: string;
let hourlyId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t, { firstName: 'Olivia', lastName: 'Owner' });
  other = await signedInUser(t);
  const renter = await insertUser(t.db, { firstName: '@x', lastName: 'Renter' });
  const daily = await insertSpace(t.db, owner.user.id, { title: 'Back Bay Exam Room', pricePeriod: 'daily' });
  const hourly = await insertSpace(t.db, owner.user.id, { title: '=HYPERLINK("http://evil.example","Click")', pricePeriod: 'hourly' });
  dailyId = daily.id;
  hourlyId = hourly.id;
  const day = (months: number, d: number) => {
    const startAt = midnightIn(monthDay(months, d), NY);
    return { startAt, endAt: new Date(startAt.getTime() + DAY_MS) };
  };
  const base = { spaceId: daily.id, renterId: renter.id };

  // Paid with the charge (no owner_payouts row): $200, $20 fee -> $180.
  await insertBooking(t.db, {
    ...base,
    ...day(-1, 10),
    totalPrice: '200.00',
    platformFeeAmount: '20.00',
    paymentStatus: 'paid',
    paidAt: midnightIn(monthDay(-1, 3), NY),
  });
  // Cancelled with half refunded, no fee -> $150, owed.
  const partial = await insertBooking(t.db, {
    ...base,
    ...day(-1, 20),
    status: 'cancelled',
    totalPrice: '300.00',
    platformFeeAmount: '0.00',
    paymentStatus: 'partially_refunded',
    amountRefunded: '150.00',
    refundAmount: '150.00',
    paidAt: midnightIn(monthDay(-1, 4), NY),
  });
  await t.db.insert(ownerPayouts).values({ ownerId: owner.user.id, paymentId: partial.id, status: 'owed' });
  // Cancelled and refunded whole, fee returned with it -> $0, void.
  const refunded = await insertBooking(t.db, {
    ...base,
    ...day(-1, 25),
    status: 'cancelled',
    totalPrice: '100.00',
    platformFeeAmount: '10.00',
    paymentStatus: 'refunded',
    amountRefunded: '100.00',
    paidAt: midnightIn(monthDay(-1, 5), NY),
  });
  await t.db.insert(ownerPayouts).values({ ownerId: owner.user.id, paymentId: refunded.id, status: 'void' });
  // Ahead, transferred yesterday: $250, $25 fee -> $225.
  const ahead = await insertBooking(t.db, {
    ...base,
    ...day(1, 10),
    totalPrice: '250.00',
    platformFeeAmount: '25.00',
    paymentStatus: 'paid',
    paidAt: new Date(Date.now() - 2 * DAY_MS),
  });
  await t.db.insert(ownerPayouts).values({
    ownerId: owner.user.id,
    paymentId: ahead.id,
    status: 'transferred',
    amount: '225.00',
    destination: 'acct_owner',
    stripeTransferId: 'tr_ahead',
    transferredAt: new Date(Date.now() - DAY_MS),
  });
  // A series of two 4-hour stays, last month and next month: $200 with a $20 fee, paid with the charge.
  const series = await insertSeries(
    t.db,
    {
      spaceId: hourly.id,
      renterId: renter.id,
      recurrence: { weekdays: ['mon'], count: 2 },
      totalPrice: '200.00',
      platformFeeAmount: '20.00',
      instantBook: true,
    },
    { status: 'paid', paidAt: midnightIn(monthDay(-1, 5), NY) },
  );
  for (const months of [-1, 1]) {
    const startAt = new Date(midnightIn(monthDay(months, 12), NY).getTime() + 8 * HOUR_MS);
    await insertBooking(t.db, {
      spaceId: hourly.id,
      renterId: renter.id,
      seriesId: series!.id,
      startAt,
      endAt: new Date(startAt.getTime() + 4 * HOUR_MS),
      totalPrice: '100.00',
      platformFeeAmount: '10.00',
      paymentStatus: 'paid',
    });
  }
  // Not money: an unpaid hold, and another owner's booking.
  await insertBooking(t.db, { ...base, ...day(-1, 15), status: 'awaiting_payment', paymentStatus: 'requires_payment' });
  const elsewhere = await insertSpace(t.db, other.user.id);
  await insertBooking(t.db, { spaceId: elsewhere.id, renterId: renter.id, ...day(-1, 10), paymentStatus: 'paid' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const earnings = async () => {
  const response = await get(`/api/users/${owner.user.id}/earnings?from=${FROM}&to=${TO}`, owner.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Earnings>();
};

describe('GET /api/users/{id}/earnings', () => {
  it('counts each stay in the month it starts, after the platform fee and with refunds subtracted', async () => {
    const body = await earnings();
    expect(body.from).toBe(FROM);
    expect(body.to).toBe(TO);
    expect(body.monthly.map((m) => m.month)).toEqual([month(-2), month(-1), month(0), month(1)]);
    const byMonth = Object.fromEntries(body.monthly.map(({ month: m, ...figures }) => [m, figures]));
    const none = { stays: 0, gross: '0.00', platformFees: '0.00', refunds: '0.00', earnings: '0.00' };
    expect(byMonth[month(-2)]).toEqual(none);
    expect(byMonth[month(0)]).toEqual(none);
    // 200 + 300 + 100 + 100 (the series' first stay); fee kept 20 + 0 + (10 - 10 returned) + 10.
    expect(byMonth[month(-1)]).toEqual({ stays: 2, gross: '700.00', platformFees: '30.00', refunds: '250.00', earnings: '420.00' });
    expect(byMonth[month(1)]).toEqual({ stays: 2, gross: '350.00', platformFees: '35.00', refunds: '0.00', earnings: '315.00' });
    expect(body.totals).toEqual({ stays: 4, gross: '1050.00', platformFees: '65.00', refunds: '250.00', earnings: '735.00' });
  });

  it('tells paid out (with the charge or transferred) from owed, and lists the stays ahead', async () => {
    const body = await earnings();
    // 180 and the series' 180 with their charges, 225 transferred; the owed and void payments are not paid out.
    expect(body.paidOut).toEqual({ amount: '585.00', payments: 3 });
    expect(body.owed.amount).toBe('150.00');
    expect(body.owed.payments).toEqual([
      expect.objectContaining({ spaceId: dailyId, amount: '150.00', state: 'owed', stays: 0, seriesId: null }),
    ]);
    expect(body.upcoming.amount).toBe('315.00');
    expect(body.upcoming.stays).toBe(2);
    expect(body.upcoming.payments.map((p) => [p.spaceId, p.amount, p.state, p.stays])).toEqual([
      [dailyId, '225.00', 'transferred', 1],
      [hourlyId, '90.00', 'with_charge', 1],
    ]);
  });

  it('gives each space its occupancy: booked days over open days, booked hours over open hours', async () => {
    const body = await earnings();
    const days = (Date.parse(TO) - Date.parse(FROM)) / DAY_MS + 1;
    const daily = body.occupancy.find((o) => o.spaceId === dailyId)!;
    expect(daily).toMatchObject({ unit: 'days', open: days, booked: 2 });
    expect(daily.rate).toBeCloseTo(2 / days, 10);
    const hourly = body.occupancy.find((o) => o.spaceId === hourlyId)!;
    expect(hourly).toMatchObject({ unit: 'hours', booked: 8 });
    // Open all day every day: 24 hours a day, give or take a daylight-saving hour.
    expect(Math.abs(hourly.open - days * 24)).toBeLessThanOrEqual(2);
    expect(body.hasSpaces).toBe(true);
  });

  it('answers a user without spaces with zeros, and defaults to the last 12 months through the next 3', async () => {
    const response = await get(`/api/users/${other.user.id}/earnings`, other.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<Earnings>();
    expect(body.monthly).toHaveLength(15);
    // The server's today is its UTC date.
    expect(body.monthly.at(-4)!.month).toBe(new Date().toISOString().slice(0, 7));
    expect(body.occupancy).toHaveLength(1);
    expect(body.totals.stays).toBe(1);
  });

  it("is the owner's own: 401 signed out, and one 403 answer for another user's id and an id that is no user", async () => {
    const url = (id: string) => `/api/users/${id}/earnings`;
    expect((await get(url(owner.user.id))).statusCode).toBe(401);
    // The answer must not tell which ids are accounts.
    const answers = [];
    for (const id of [owner.user.id, '00000000-0000-4000-8000-000000000000', 'not-a-user']) {
      for (const path of [url(id), `${url(id)}.csv`]) {
        const response = await get(path, other.cookie);
        // Each answer carries its own request id; the rest must be the same.
        const { requestId, ...body } = response.json<{ requestId?: string }>();
        expect(requestId).toBe(response.headers['x-request-id']);
        answers.push({ statusCode: response.statusCode, body });
      }
    }
    expect(answers[0]).toMatchObject({ statusCode: 403 });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('refuses bad dates with 400 naming the field', async () => {
    const issues = async (query: string) => {
      const response = await get(`/api/users/${owner.user.id}/earnings?${query}`, owner.cookie);
      expect(response.statusCode).toBe(400);
      return response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path);
    };
    expect(await issues('from=2026-02-30')).toEqual(['querystring.from']);
    expect(await issues('to=tomorrow')).toEqual(['querystring.to']);
    expect(await issues(`from=${TO}&to=${FROM}`)).toEqual(['querystring.from']);
    expect(await issues('from=2020-01-01&to=2026-01-01')).toEqual(['querystring.to']);
    const csv = await get(`/api/users/${owner.user.id}/earnings.csv?from=nope`, owner.cookie);
    expect(csv.statusCode).toBe(400);
  });
});

describe('occupancy from the stored schedule', () => {
  it("counts a session listing's sessions on its open weekdays, less its blocked dates, against its confirmed bookings", async () => {
    const sessions = await signedInUser(t);
    const renter = await insertUser(t.db);
    const space = await insertSpace(t.db, sessions.user.id, {
      pricePeriod: 'session',
      schedule: scheduleSchema.parse({
        weeklyHours: { tue: [{ start: '08:00', end: '12:00' }] },
        sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
      }),
    });
    // Two weeks from a Monday: two Tuesday mornings, the second blocked.
    const monday = futureWeekday(1, 7);
    const shift = (days: number) => new Date(Date.parse(`${monday}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
    await t.db.insert(spaceBlockedDates).values({ spaceId: space.id, startDate: shift(8), endDate: shift(8) });
    const tuesday = new Date(midnightIn(shift(1), NY).getTime() + 8 * HOUR_MS);
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      startAt: tuesday,
      endAt: new Date(tuesday.getTime() + 4 * HOUR_MS),
    });
    // Not counted: a cancelled one.
    await insertBooking(t.db, {
      spaceId: space.id,
      renterId: renter.id,
      status: 'cancelled',
      startAt: new Date(tuesday.getTime() + 7 * DAY_MS),
      endAt: new Date(tuesday.getTime() + 7 * DAY_MS + 4 * HOUR_MS),
    });
    const response = await get(`/api/users/${sessions.user.id}/earnings?from=${monday}&to=${shift(13)}`, sessions.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<Earnings>().occupancy).toEqual([
      expect.objectContaining({ spaceId: space.id, unit: 'hours', open: 4, booked: 4, rate: 1, timeZone: NY }),
    ]);
  });
});

describe('GET /api/users/{id}/earnings.csv', () => {
  it('is an RFC 4180 attachment whose stays and payouts add up to the JSON figures, with formulas neutralised', async () => {
    const response = await get(`/api/users/${owner.user.id}/earnings.csv?from=${FROM}&to=${TO}`, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="clinicshare-earnings-${FROM}-to-${TO}.csv"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toMatch(/^Record,Booking reference,/);
    expect(response.body.split('\r\n').length).toBeGreaterThan(5);
    expect(response.body.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    const json = await earnings();
    const cents = (values: string[]) => values.reduce((sum, value) => sum + Math.round(Number(value) * 100), 0);
    const stays = rows.filter((row) => row.Record === 'Stay');
    expect(stays).toHaveLength(6);
    expect(cents(stays.map((row) => row['Earnings (USD)']!))).toBe(Math.round(Number(json.totals.earnings) * 100));
    expect(cents(stays.map((row) => row['Gross (USD)']!))).toBe(Math.round(Number(json.totals.gross) * 100));
    expect(cents(stays.map((row) => row['Refunds (USD)']!))).toBe(Math.round(Number(json.totals.refunds) * 100));
    const payouts = rows.filter((row) => row.Record === 'Payout');
    const sent = payouts.filter((row) => row.Payout !== 'Owed');
    expect(cents(sent.map((row) => row['Payout amount (USD)']!))).toBe(Math.round(Number(json.paidOut.amount) * 100));
    expect(sent.map((row) => row.Payout).sort()).toEqual(['Paid with the charge', 'Paid with the charge', 'Transferred']);
    expect(sent.find((row) => row.Payout === 'Transferred')?.Transfer).toBe('tr_ahead');
    expect(payouts.filter((row) => row.Payout === 'Owed').map((row) => row['Payout amount (USD)'])).toEqual([json.owed.amount]);

    // A title and a name that a spreadsheet would run are text: prefixed with a quote.
    expect(stays.filter((row) => row.Space === `'=HYPERLINK("http://evil.example","Click")`)).toHaveLength(2);
    expect(stays.every((row) => row.Renter === "'@x Renter")).toBe(true);
    expect(rows.every((row) => Object.values(row).every((value) => !/^[=+\-@\t\r]/.test(value)))).toBe(true);
    // A quoted field survives: the title's quotes and comma come back whole.
    expect(response.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
  });
});
