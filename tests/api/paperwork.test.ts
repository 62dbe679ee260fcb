/**
 * Receipts, payout statements and space-use agreements
 * (docs/decisions/027-receipts-and-agreements.md): PDFs read back with pdfjs and their amounts
 * compared with the stored booking; receipt numbers sequential per year, once per payment, also
 * when asked for twice at once; one receipt per series; who may read each paper. Runs on PGlite and
 * PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementDocument } from '../../src/shared/agreement';
import { shiftDate } from '../../src/shared/availability';
import { AGREEMENT_VERSION } from '../../src/shared/constants';
import { CANCELLATION_POLICY_TEXT } from '../../src/shared/cancellation';
import { formatUsd, toCents } from '../../src/shared/money';
import { OWNER_PAID_FEE_LABEL, PLATFORM_FEE_PAYER_NOTE } from '../../src/shared/price-breakdown';
import { agreementInput, bookingPapers, recordAgreementAcceptance } from '../../src/server/bookings/agreement-acceptance';
import { bookings, bookingSeries, medicalSpaces, payments } from '../../src/server/db/schema';
import { insertSpace } from '../factories/db';
import { createBooking, createIntent, paidIntent, payIntent } from '../helpers/booking-flow';
import { futureDate, futureWeekday } from '../helpers/dates';
import { createTestApp, signedInUser, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The text of a PDF, items joined as drawn, every run of spaces and line breaks made one space (lines wrap where they will). */
async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(body), verbosity: 0, isEvalSupported: false }).promise;
  let text = '';
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    text += '\n';
  }
  await pdf.destroy();
  return text.replace(/\s+/g, ' ');
}

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** GET a paper as `cookie`; expects a PDF and returns its text. */
async function paper(url: string, cookie: string): Promise<string> {
  const response = await get(url, cookie);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(response.rawPayload);
}

const receiptNumberIn = (text: string) => /CS-(\d{4})-(\d{6})/.exec(text);

/** An owner, a $150-a-day room of theirs (with the owner's own terms) and a renter. */
async function parties(overrides: Parameters<typeof insertSpace>[2] = {}) {
  const owner = await signedInUser(t, { firstName: 'Olivia', lastName: 'Okafor' });
  const space = await insertSpace(t.db, owner.user.id, {
    rules: 'Leave the room as you found it. Door code at the front desk.',
    agreementTerms: 'The renter restocks the exam-table paper they use.',
    ...overrides,
  });
  const renter = await signedInUser(t, { firstName: 'Rafael', lastName: 'Nguyen' });
  return { owner, space, renter };
}

/** Books and pays `days` days starting `inDays` from today, as the client does; returns the booking id. */
async function bookDays(cookie: string, spaceId: string, inDays: number, days = 2): Promise<string> {
  const paid = await paidIntent(t, cookie, spaceId, { startDate: futureDate(inDays), endDate: futureDate(inDays + days) });
  const booked = await createBooking(t, cookie, paid.booking);
  expect(booked.statusCode, booked.body).toBe(201);
  return paid.bookingId;
}

const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;

describe('the receipt', () => {
  it("prints the stored amounts, the platform's name, a number and the renter's business details; the owner's copy leaves out the renter's email and tax ID", async () => {
    const { owner, space, renter } = await parties();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${renter.user.id}`,
      headers: { cookie: renter.cookie },
      payload: { businessName: '  Nguyen Physical Therapy LLC ', taxId: '12-3456789' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().user).toMatchObject({ businessName: 'Nguyen Physical Therapy LLC', taxId: '12-3456789' });
    const bookingId = await bookDays(renter.cookie, space.id, 30);
    const row = await bookingRow(bookingId);
    const payment = await paymentRow(row.paymentId!);
    expect(payment.paidAt).toBeInstanceOf(Date);

    const text = await paper(`/api/bookings/${bookingId}/receipt.pdf`, renter.cookie);
    expect(text).toContain('ClinicShare');
    expect(text).toContain('Receipt');
    const number = receiptNumberIn(text);
    expect(number?.[1]).toBe(String(new Date().getUTCFullYear()));
    expect(text).toContain('Rafael Nguyen');
    expect(text).toContain(renter.user.email);
    expect(text).toContain('Nguyen Physical Therapy LLC');
    expect(text).toContain('Tax ID: 12-3456789');
    expect(text).toContain(space.title);
    expect(text).toContain('Olivia Okafor');
    // Amounts from the stored booking: 2 days, its total and the fee within it.
    expect(row.units).toBe(2);
    expect(text).toContain(`2 days × ${formatUsd(toCents(row.totalPrice) / 2)}`);
    expect(text).toContain(`Total paid ${formatUsd(toCents(row.totalPrice))}`);
    // The fee is part of the total and said to come from the owner's payout, in the checkout's words.
    expect(text).toContain(`${OWNER_PAID_FEE_LABEL} (${formatUsd(toCents(row.platformFeeAmount!))} included)`);
    expect(text).toContain(PLATFORM_FEE_PAYER_NOTE);
    expect(text).not.toContain('Refund');
    // The card that paid, as the provider gave it when the payment was settled (the demo's test card).
    expect(payment).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
    expect(text).toContain('Paid by Visa card ending in 4242.');

    // The owner's copy has the same number and amounts, but not the payer's email and tax ID; again later: the number is kept.
    const forOwner = await paper(`/api/bookings/${bookingId}/receipt.pdf`, owner.cookie);
    expect(receiptNumberIn(forOwner)?.[0]).toBe(number![0]);
    expect(forOwner).toContain(`Total paid ${formatUsd(toCents(row.totalPrice))}`);
    expect(forOwner).toContain('Rafael Nguyen');
    expect(forOwner).not.toContain(renter.user.email);
    expect(forOwner).not.toContain('12-3456789');
    const again = await paper(`/api/bookings/${bookingId}/receipt.pdf`, renter.cookie);
    expect(receiptNumberIn(again)?.[0]).toBe(number![0]);
  });

  it('numbers receipts one after another within the year, also two asked for at once, and one per payment', async () => {
    const { space, renter } = await parties();
    const first = await bookDays(renter.cookie, space.id, 40);
    const second = await bookDays(renter.cookie, space.id, 45);
    const third = await bookDays(renter.cookie, space.id, 50);
    const [a, b, aAgain] = await Promise.all([
      get(`/api/bookings/${first}/receipt.pdf`, renter.cookie),
      get(`/api/bookings/${second}/receipt.pdf`, renter.cookie),
      get(`/api/bookings/${first}/receipt.pdf`, renter.cookie),
    ]);
    const numbers = await Promise.all([a, b, aAgain].map(async (response) => receiptNumberIn(await pdfText(response.rawPayload))!));
    const [na, nb, naAgain] = numbers.map((match) => Number(match[2]));
    // One payment, one number, even when asked for twice at once.
    expect(naAgain).toBe(na);
    expect(Math.abs(na! - nb!)).toBe(1);
    const later = receiptNumberIn(await paper(`/api/bookings/${third}/receipt.pdf`, renter.cookie))!;
    expect(Number(later[2])).toBe(Math.max(na!, nb!) + 1);
  });

  it('shows a refund as a negative line after a cancellation, and the owner a payout statement', async () => {
    const { owner, space, renter } = await parties({ cancellationPolicyTier: 'flexible' });
    const bookingId = await bookDays(renter.cookie, space.id, 60);
    const cancelled = await t.app.inject({ method: 'PUT', url: `/api/bookings/${bookingId}/cancel`, headers: { cookie: owner.cookie } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const row = await bookingRow(bookingId);
    expect(toCents(row.amountRefunded)).toBe(toCents(row.totalPrice));

    const text = await paper(`/api/bookings/${bookingId}/receipt.pdf`, renter.cookie);
    expect(text).toMatch(new RegExp(`Refund, [A-Z][a-z]{2}, [A-Z][a-z]{2} \\d+, \\d{4} -\\${formatUsd(toCents(row.amountRefunded))}`));
    expect(text).toContain(`Net paid after refunds ${formatUsd(0)}`);

    const statement = await paper(`/api/bookings/${bookingId}/payout-statement.pdf`, owner.cookie);
    expect(statement).toContain('Payout statement');
    expect(statement).toContain(`Booking total paid by the renter ${formatUsd(toCents(row.totalPrice))}`);
    expect(statement).toContain(`Platform fee withheld -${formatUsd(toCents(row.platformFeeAmount!))}`);
    expect(statement).toContain(`Refunded to the renter -${formatUsd(toCents(row.amountRefunded))}`);
    // A full refund returns the whole fee and leaves nothing paid out.
    expect(statement).toContain(`Amount paid out to you ${formatUsd(0)}`);
  });

  it('is one receipt for a recurring series, with its total, fee and every occurrence', async () => {
    const { owner, space, renter } = await parties({
      pricePeriod: 'session',
      pricePerDay: '120.00',
      schedule: {
        weeklyHours: { tue: [{ start: '08:00', end: '12:00' }], thu: [{ start: '08:00', end: '12:00' }] },
        sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
        bufferMinutes: 0,
        minNoticeHours: 0,
        maxAdvanceDays: null,
      },
    });
    const date = futureWeekday(2, 5);
    const first = { startDate: `${date}T08:00`, endDate: `${date}T12:00` };
    const intent = await createIntent(t, renter.cookie, space.id, first, { recurrence: { weekdays: ['tue', 'thu'], count: 4 } });
    expect(intent.statusCode, intent.body).toBe(200);
    const body = intent.json() as { bookingId: string; seriesId: string; paymentIntentId: string; clientSecret: string; amount: string };
    expect((await payIntent(t, renter.cookie, body.clientSecret)).statusCode).toBe(200);
    const booked = await createBooking(t, renter.cookie, {
      spaceId: space.id,
      ...first,
      totalPrice: body.amount,
      paymentIntentId: body.paymentIntentId,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const occurrences = await t.db.select().from(bookings).where(eq(bookings.seriesId, body.seriesId)).orderBy(bookings.startAt);
    expect(occurrences).toHaveLength(4);
    const [series] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, body.seriesId));

    const fromFirst = await paper(`/api/bookings/${occurrences[0]!.id}/receipt.pdf`, renter.cookie);
    const fromThird = await paper(`/api/bookings/${occurrences[2]!.id}/receipt.pdf`, owner.cookie);
    expect(receiptNumberIn(fromThird)?.[0]).toBe(receiptNumberIn(fromFirst)?.[0]);
    expect(fromFirst).toContain(`4 sessions × ${formatUsd(12000)}`);
    expect(fromFirst).toContain(`Total paid ${formatUsd(toCents(series!.totalPrice))}`);
    expect(fromFirst).toContain(`(${formatUsd(toCents(series!.platformFeeAmount))} included)`);
    expect(fromFirst.match(/, 08:00-12:00/g)).toHaveLength(4);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, series!.id));
    expect(payment).toMatchObject({ cardBrand: 'visa', cardLast4: '4242' });
    expect(payment!.paidAt).not.toBeNull();
    expect(fromFirst).toContain('Paid by Visa card ending in 4242.');

    // The agreement of a series: the schedule set in advance and a fixed, time-based price.
    const agreement = await paper(`/api/bookings/${occurrences[1]!.id}/agreement.pdf`, renter.cookie);
    expect(agreement).toContain('Schedule, set in advance');
    expect(agreement.match(/- [A-Z][a-z]{2}, [A-Z][a-z]{2} \d+, \d{4}, 08:00-12:00/g)).toHaveLength(4);
    expect(agreement).toContain("no share of the renter's revenue and no per-patient or per-service fee");
    expect(agreement).toContain('Equipment included: Examination Table');
  });
});

describe('the agreement', () => {
  it('names both parties, the space, the price, the rules, the cancellation tier, licence, insurance and PHI; labelled a template', async () => {
    const { owner, space, renter } = await parties({ cancellationPolicyTier: 'moderate' });
    const bookingId = await bookDays(renter.cookie, space.id, 70, 3);
    const row = await bookingRow(bookingId);
    const text = await paper(`/api/bookings/${bookingId}/agreement.pdf`, owner.cookie);
    expect(text).toContain('Space-use agreement (template)');
    expect(text).toContain('not legal advice');
    expect(text).toContain('Owner (licensor): Olivia Okafor');
    expect(text).toContain('Renter (licensee): Rafael Nguyen');
    expect(text).toContain('200 Clarendon St, Suite 400, Boston, MA 02116');
    expect(text).toContain(`The renter pays ${formatUsd(toCents(row.totalPrice))} (3 days × ${formatUsd(15000)})`);
    expect(text).toContain(`platform fee of ${formatUsd(toCents(row.platformFeeAmount!))}`);
    expect(text).toContain('Door code at the front desk.');
    expect(text).toContain(CANCELLATION_POLICY_TEXT.moderate);
    expect(text).toContain('professional liability (malpractice) insurance');
    expect(text).toContain('protected health information (PHI)');
    expect(text).toContain('The renter restocks the exam-table paper they use.');
    // The clickwrap of checkout, recorded with the hold.
    expect(text).toContain('Accepted by Rafael Nguyen when booking');
    expect(text).not.toContain('No acceptance is recorded');
    // The series' wording is not in a single booking's agreement.
    expect(text).not.toContain('per-patient');
  });

  it("prints the renter's acceptance, and says so when the text has changed since", async () => {
    const { space, renter } = await parties();
    const bookingId = await bookDays(renter.cookie, space.id, 80);
    const accepted = await recordAgreementAcceptance(t.db, bookingId, new Date('2026-01-02T03:04:05Z'));
    const expected = await agreementDocument(agreementInput((await bookingPapers(t.db, bookingId))!));
    expect(accepted).toEqual({ version: expected.version, sha256: expected.sha256 });
    expect(await bookingRow(bookingId)).toMatchObject({ agreementVersion: expected.version, agreementSha256: expected.sha256 });

    const text = await paper(`/api/bookings/${bookingId}/agreement.pdf`, renter.cookie);
    expect(text).toContain('Accepted by Rafael Nguyen when booking, on 2026-01-02 03:04:05 UTC');
    expect(text).toContain(`SHA-256 of the text above: ${expected.sha256}`);
    expect(text).not.toContain('has changed since');

    await t.db.update(medicalSpaces).set({ rules: 'New rules.' }).where(eq(medicalSpaces.id, space.id));
    const changed = await paper(`/api/bookings/${bookingId}/agreement.pdf`, renter.cookie);
    expect(changed).toContain('has changed since');
    expect(changed).toContain(expected.sha256);
  });

  it('waits for the confirmation of a request', async () => {
    const { owner, space, renter } = await parties({ instantBook: false });
    const paid = await paidIntent(t, renter.cookie, space.id, { startDate: futureDate(90), endDate: futureDate(91) });
    expect((await createBooking(t, renter.cookie, paid.booking)).statusCode).toBe(201);
    expect((await bookingRow(paid.bookingId)).status).toBe('pending');
    for (const paperName of ['agreement.pdf', 'receipt.pdf']) {
      const response = await get(`/api/bookings/${paid.bookingId}/${paperName}`, owner.cookie);
      expect(response.statusCode, paperName).toBe(409);
    }
  });
});

describe('the clickwrap acceptance at checkout', () => {
  it('is stored with a single booking as it is held (time, version, SHA-256 of its text) and printed on its agreement', async () => {
    const { space, renter } = await parties();
    const before = Date.now();
    const bookingId = await bookDays(renter.cookie, space.id, 110);
    const row = await bookingRow(bookingId);
    const expected = await agreementDocument(agreementInput((await bookingPapers(t.db, bookingId))!));
    expect(row.agreementVersion).toBe(AGREEMENT_VERSION);
    expect(row.agreementSha256).toBe(expected.sha256);
    expect(row.agreementSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.agreementAcceptedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.agreementAcceptedAt!.getTime()).toBeLessThanOrEqual(row.createdAt.getTime() + 5000);

    const text = await paper(`/api/bookings/${bookingId}/agreement.pdf`, renter.cookie);
    const stamp = row.agreementAcceptedAt!.toISOString().replace('T', ' ').slice(0, 19);
    expect(text).toContain(`Accepted by Rafael Nguyen when booking, on ${stamp} UTC, template version ${AGREEMENT_VERSION}.`);
    expect(text).toContain(`SHA-256 of the text above: ${row.agreementSha256}`);
    expect(text).not.toContain('has changed since');
  });

  it('is stored on every occurrence of a series, the agreement of the whole series', async () => {
    const { space, renter } = await parties({
      pricePeriod: 'session',
      pricePerDay: '90.00',
      schedule: {
        weeklyHours: { tue: [{ start: '08:00', end: '12:00' }] },
        sessions: [{ name: 'Morning', start: '08:00', end: '12:00' }],
        bufferMinutes: 0,
        minNoticeHours: 0,
        maxAdvanceDays: null,
      },
    });
    const date = futureWeekday(2, 3);
    const first = { startDate: `${date}T08:00`, endDate: `${date}T12:00` };
    const intent = await createIntent(t, renter.cookie, space.id, first, { recurrence: { weekdays: ['tue'], count: 3 } });
    expect(intent.statusCode, intent.body).toBe(200);
    const { seriesId } = intent.json() as { seriesId: string };
    const occurrences = await t.db.select().from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(bookings.startAt);
    expect(occurrences).toHaveLength(3);
    const expected = await agreementDocument(agreementInput((await bookingPapers(t.db, occurrences[0]!.id))!));
    for (const occurrence of occurrences) {
      expect(occurrence).toMatchObject({ agreementVersion: AGREEMENT_VERSION, agreementSha256: expected.sha256 });
      expect(occurrence.agreementAcceptedAt).toEqual(occurrences[0]!.agreementAcceptedAt);
    }
    // The text accepted is the series' one: its schedule set in advance and its fixed, time-based price.
    expect(expected.text).toContain('Schedule, set in advance');
    expect(expected.text).toContain('no per-patient or per-service fee');
  });

  it('is recorded as the version in force when left out (the call as first published), 400 when no version, 409 when no longer in force', async () => {
    const { space, renter } = await parties();
    const dates = { startDate: futureDate(120), endDate: futureDate(121) };
    const held = async () => (await t.db.select().from(bookings).where(eq(bookings.spaceId, space.id))).length;

    for (const bad of ['', '   ', 42, true, 'x'.repeat(41), '2026<script>']) {
      const response = await createIntent(t, renter.cookie, space.id, dates, { agreementVersion: bad });
      expect(response.statusCode, `${JSON.stringify(bad)}: ${response.body}`).toBe(400);
      expect(response.json().issues).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.agreementVersion' })]));
    }
    const stale = await createIntent(t, renter.cookie, space.id, dates, { agreementVersion: '2020-01-01' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toContain('The space-use agreement has changed since you opened it');
    expect(await held()).toBe(0);

    // Left out: booked under the version in force, and that acceptance is what is kept.
    const missing = await createIntent(t, renter.cookie, space.id, dates, { agreementVersion: undefined });
    expect(missing.statusCode, missing.body).toBe(200);
    const row = await bookingRow(missing.json().bookingId);
    expect(row).toMatchObject({ agreementVersion: AGREEMENT_VERSION });
    expect(row.agreementSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.agreementAcceptedAt).toBeInstanceOf(Date);
    // A series too.
    const date = futureWeekday(2, 3);
    const series = await createIntent(
      t,
      renter.cookie,
      space.id,
      { startDate: date, endDate: shiftDate(date, 1) },
      { recurrence: { weekdays: ['tue'], count: 2 }, agreementVersion: undefined },
    );
    expect(series.statusCode, series.body).toBe(200);
    for (const occurrence of series.json().occurrences) {
      expect(await bookingRow(occurrence.bookingId)).toMatchObject({ agreementVersion: AGREEMENT_VERSION });
    }
  });
});

describe("the booking dialog's agreement preview", () => {
  const preview = (spaceId: string, query: Record<string, string>, cookie?: string) =>
    get(`/api/spaces/${spaceId}/agreement-preview.pdf?${new URLSearchParams(query).toString()}`, cookie);

  it('is the agreement the hold will record, with the price and fee checkout will charge, before anything is held', async () => {
    const { owner, space, renter } = await parties({ cancellationPolicyTier: 'strict' });
    const dates = { startDate: futureDate(130), endDate: futureDate(132) };
    const response = await preview(space.id, dates, renter.cookie);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Space-use agreement (template): preview');
    expect(text).toContain('Owner (licensor): Olivia Okafor');
    expect(text).toContain('Renter (licensee): Rafael Nguyen');
    expect(text).toContain('the booking reference is given when the booking is made');
    // Any signed-in account may preview any listing: the owner's address is for an actual booking's parties.
    expect(text).not.toContain(owner.user.email);
    expect(text).toContain('their contact details are given when the booking is made');
    expect(text).toContain(CANCELLATION_POLICY_TEXT.strict);
    expect(text).toContain('Door code at the front desk.');
    expect(text).toContain('The renter restocks the exam-table paper they use.');
    expect(text).toContain('booking accepts this agreement');
    expect((await t.db.select().from(bookings).where(eq(bookings.spaceId, space.id))).length).toBe(0);

    // The hold then charges, and its acceptance records, the same price and fee.
    const bookingId = await bookDays(renter.cookie, space.id, 130);
    const row = await bookingRow(bookingId);
    expect(text).toContain(`The renter pays ${formatUsd(toCents(row.totalPrice))} (2 days × ${formatUsd(15000)})`);
    expect(text).toContain(`platform fee of ${formatUsd(toCents(row.platformFeeAmount!))}`);
    const accepted = await agreementDocument(agreementInput((await bookingPapers(t.db, bookingId))!));
    expect(accepted.text).toContain(`The renter pays ${formatUsd(toCents(row.totalPrice))}`);
    // The booking's own agreement, for its two parties, names the owner with their email.
    expect(accepted.text).toContain(`Owner (licensor): Olivia Okafor <${owner.user.email}>.`);
  });

  it('lists the schedule of a weekly series set in advance', async () => {
    const { space, renter } = await parties();
    const date = futureWeekday(2, 3);
    const text = await pdfText(
      (await preview(space.id, { startDate: date, endDate: shiftDate(date, 1), weekdays: 'tue,thu', count: '4' }, renter.cookie))
        .rawPayload,
    );
    expect(text).toContain('Schedule, set in advance');
    expect(text).toContain('4 bookings');
    expect(text).toContain("no share of the renter's revenue and no per-patient or per-service fee");
    expect(text).toContain(`(4 days × ${formatUsd(15000)})`);
  });

  it('refuses bad input with 400, an unknown space with 404, and asks for a session', async () => {
    const { owner, space, renter } = await parties();
    const dates = { startDate: futureDate(140), endDate: futureDate(141) };
    expect((await preview(space.id, dates)).statusCode).toBe(401);
    expect((await preview('00000000-0000-4000-8000-000000000000', dates, renter.cookie)).statusCode).toBe(404);
    expect((await preview(space.id, dates, owner.cookie)).statusCode).toBe(400);
    for (const query of [
      { startDate: 'soon', endDate: dates.endDate },
      { startDate: dates.endDate, endDate: dates.startDate },
      { startDate: futureDate(-10), endDate: futureDate(-9) },
      { ...dates, weekdays: 'funday' },
      { ...dates, count: '3' },
      { ...dates, weekdays: 'tue' },
      { ...dates, weekdays: 'tue', count: '-1' },
    ]) {
      const response = await preview(space.id, query, renter.cookie);
      expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });
});

describe('who may read the papers', () => {
  it('the two parties; the payout statement the owner only; 403 for others, 404 for an id that is no booking', async () => {
    const { owner, space, renter } = await parties();
    const bookingId = await bookDays(renter.cookie, space.id, 100);
    const stranger = await signedInUser(t);
    for (const paperName of ['receipt.pdf', 'agreement.pdf']) {
      expect((await get(`/api/bookings/${bookingId}/${paperName}`, renter.cookie)).statusCode).toBe(200);
      expect((await get(`/api/bookings/${bookingId}/${paperName}`, owner.cookie)).statusCode).toBe(200);
      expect((await get(`/api/bookings/${bookingId}/${paperName}`, stranger.cookie)).statusCode).toBe(403);
    }
    expect((await get(`/api/bookings/${bookingId}/payout-statement.pdf`, owner.cookie)).statusCode).toBe(200);
    expect((await get(`/api/bookings/${bookingId}/payout-statement.pdf`, renter.cookie)).statusCode).toBe(403);
    expect((await get(`/api/bookings/${bookingId}/payout-statement.pdf`, stranger.cookie)).statusCode).toBe(403);
    for (const paperName of ['receipt.pdf', 'agreement.pdf', 'payout-statement.pdf']) {
      expect((await get(`/api/bookings/00000000-0000-4000-8000-000000000000/${paperName}`, renter.cookie)).statusCode).toBe(404);
      expect((await get(`/api/bookings/not-a-booking/${paperName}`, renter.cookie)).statusCode).toBe(404);
      expect((await get(`/api/bookings/${bookingId}/${paperName}`)).statusCode).toBe(401);
    }
  });
});

describe('the profile and listing fields', () => {
  it('refuses a tax ID with other characters or too long a business name, saving nothing; empty removes them', async () => {
    const renter = await signedInUser(t);
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${renter.user.id}`, headers: { cookie: renter.cookie }, payload });
    expect((await put({ businessName: 'Clinic', taxId: '12-3456789' })).statusCode).toBe(200);
    const bad = await put({ taxId: '12<3456789>' });
    expect(bad.statusCode).toBe(400);
    expect((await put({ businessName: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await put({ taxId: '1'.repeat(41) })).statusCode).toBe(400);
    const me = await get('/api/me', renter.cookie);
    expect(me.json()).toMatchObject({ businessName: 'Clinic', taxId: '12-3456789' });
    const cleared = await put({ businessName: '   ', taxId: '' });
    expect(cleared.json().user).toMatchObject({ businessName: null, taxId: null });
  });

  it("keeps a listing's own agreement terms when an edit leaves them out, and refuses more than 5,000 characters", async () => {
    const { owner, space } = await parties();
    const current = (await get(`/api/spaces/${space.id}`)).json() as Record<string, unknown>;
    expect(current.agreementTerms).toBe('The renter restocks the exam-table paper they use.');
    const { id: _id, ownerId: _ownerId, createdAt: _createdAt, timeZone: _tz, active: _active, blockedDates: _b, ...fields } = current;
    const { agreementTerms: _terms, ...withoutTerms } = fields;
    const edit = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/spaces/${space.id}`, headers: { cookie: owner.cookie }, payload });
    const kept = await edit(withoutTerms);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().agreementTerms).toBe('The renter restocks the exam-table paper they use.');
    expect((await edit({ ...withoutTerms, agreementTerms: 'x'.repeat(5001) })).statusCode).toBe(400);
    const changed = await edit({ ...withoutTerms, agreementTerms: ' Keys are returned by 6 pm. ' });
    expect(changed.json().agreementTerms).toBe('Keys are returned by 6 pm.');
  });
});
