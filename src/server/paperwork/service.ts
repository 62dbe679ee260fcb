/**
 * A booking's papers as PDFs (docs/decisions/027-receipts-and-agreements.md): the
 * renter's receipt, the owner's payout statement and the space-use agreement. Each reads the
 * booking as stored (`bookingPapers`): amounts are the stored ones, never recomputed.
 *
 * Who may read them: the receipt and the agreement, the booking's renter and its space's owner;
 * the payout statement, the owner only. An id that is no booking (a malformed one included) is 404,
 * someone else's booking 403: the rule of every booking route (GET /api/bookings/{id}, its calendar
 * file). Ids are random UUIDs, so telling the two apart reveals nothing that could be guessed.
 * Which papers a booking has yet is `src/shared/paper-links.ts` (409 before their time).
 *
 * The agreement's preview (`agreementPreviewPdf`) is of a booking not made yet: the booking
 * dialog's clickwrap links it, for the signed-in renter, quoted as checkout would quote it.
 */
import { z } from 'zod';
import { AGREEMENT_TEMPLATE_NOTICE, AGREEMENT_TITLE, agreementDocument } from '../../shared/agreement';
import { hasAgreement, hasReceipt } from '../../shared/paper-links';
import { PLATFORM_FEE_PAYER_NOTE } from '../../shared/price-breakdown';
import { cardBrandName, paperDate, paperRange, payoutFigures, PLATFORM_NAME, receiptFigures } from '../../shared/receipt';
import type { agreementPreviewQuerySchema } from '../../shared/schemas/paperwork';
import { agreementInput, bookingPapers, previewAgreementInput, type BookingPapers } from '../bookings/agreement-acceptance';
import { previewCheckout } from '../bookings/checkout';
import type { Database } from '../db/client';
import { conflict, forbidden, notFound } from '../http/errors';
import { PaperWriter } from './pdf';
import { receiptFor } from './receipt-numbers';

/** A PDF and the file name it is offered under. */
export interface PaperFile {
  fileName: string;
  pdf: Buffer;
}

/**
 * The papers of booking `bookingId` for `userId`, who must be one of `parties`.
 * @throws HttpError 404 for an id that is no booking, 403 for anyone else
 */
async function papersFor(db: Database, bookingId: string, userId: string, parties: 'both' | 'owner'): Promise<BookingPapers> {
  const papers = z.uuid().safeParse(bookingId).success ? await bookingPapers(db, bookingId) : null;
  if (!papers) throw notFound('Booking not found.');
  const isOwner = papers.ownerId === userId;
  if (parties === 'owner' && !isOwner) throw forbidden('Only the owner of the space can see its payout statement.');
  if (!isOwner && papers.renterId !== userId) throw forbidden('Only the renter or the owner can see the papers of this booking.');
  return papers;
}

/** @throws HttpError 409 when no payment was taken for the booking (a hold, an authorised request, a released one) */
function requirePayment(papers: BookingPapers): void {
  if (!hasReceipt(papers)) throw conflict('No payment has been taken for this booking yet.');
}

/** The booked ranges of a payment, one line each; a series' cancelled occurrences say so. */
function rangeLines(papers: BookingPapers): string[] {
  const { space, payment } = papers;
  return payment.occurrences.map((o) => {
    const range = paperRange(o.startAt, o.endAt, space.timeZone, space.pricePeriod);
    return o.status === 'cancelled' ? `${range} (cancelled)` : range;
  });
}

/** Who, where and when: the lines both money papers print. */
function writeBookingBlock(writer: PaperWriter, papers: BookingPapers): void {
  writer.field('Space', `${papers.space.title}, ${papers.space.address}`);
  writer.field('Owner', papers.owner.fullName);
  writer.field('Booking reference', papers.firstBookingId);
  writer.heading(papers.payment.series ? `Bookings of the series (${papers.space.timeZone})` : `Dates (${papers.space.timeZone})`);
  for (const line of rangeLines(papers)) writer.paragraph(line);
}

/**
 * GET /api/bookings/{id}/receipt.pdf: the receipt of the booking's payment (an occurrence's: its
 * series'), numbered once (`receiptFor`). The receipt is the payer's document: the renter's copy
 * names them with their email and tax ID; the owner's copy has the same number and amounts but
 * names the renter without those (their name and business only).
 * @throws HttpError 404, 403 (see the module comment); 409 when no payment was taken
 */
export async function receiptPdf(db: Database, bookingId: string, userId: string, now = new Date()): Promise<PaperFile> {
  const papers = await papersFor(db, bookingId, userId, 'both');
  requirePayment(papers);
  const receipt = await receiptFor(
    db,
    papers.seriesId ? { kind: 'series', id: papers.seriesId } : { kind: 'booking', id: papers.bookingId },
    now,
  );
  const { space, payment, renter } = papers;
  const figures = receiptFigures(payment, space.timeZone, space.pricePeriod);
  const writer = new PaperWriter({ title: `Receipt ${receipt.number}`, subject: `${PLATFORM_NAME} receipt` });
  writer.title(PLATFORM_NAME, 'Receipt');
  writer.field('Receipt number', receipt.number);
  writer.field('Issued', paperDate(receipt.issuedAt, 'UTC'));
  if (payment.paidAt) writer.field('Date paid', paperDate(payment.paidAt, space.timeZone));
  const forPayer = papers.renterId === userId;
  writer.heading('Billed to');
  writer.paragraph(forPayer ? `${renter.fullName} <${renter.email}>` : renter.fullName);
  if (renter.businessName) writer.field('Business', renter.businessName);
  if (forPayer && renter.taxId) writer.field('Tax ID', renter.taxId);
  writer.heading('Booking');
  writeBookingBlock(writer, papers);
  writer.heading('Payment');
  writer.moneyTable([
    figures.charge,
    figures.fee,
    { label: 'Total paid', cents: figures.totalCents, strong: true },
    ...figures.refunds,
    ...(figures.refunds.length > 0 ? [{ label: 'Net paid after refunds', cents: figures.netCents, strong: true }] : []),
  ]);
  if (payment.card) writer.paragraph(`Paid by ${cardBrandName(payment.card.brand)} card ending in ${payment.card.last4}.`);
  // Who pays the fee, in the words the checkout used (src/shared/price-breakdown.ts).
  if (payment.platformFeeCents > 0) writer.paragraph(PLATFORM_FEE_PAYER_NOTE, { small: true });
  writer.doc.moveDown();
  writer.paragraph(`Amounts in US dollars. Paid through ${PLATFORM_NAME} to the owner of the space.`, { small: true });
  return { fileName: `receipt-${receipt.number}.pdf`, pdf: await writer.finish() };
}

/**
 * GET /api/bookings/{id}/payout-statement.pdf: the owner's statement of the booking's payment
 * (`payoutFigures`): the total, the platform fee withheld, refunds and the amount paid out.
 * @throws HttpError 404, 403 (the renter too); 409 when no payment was taken
 */
export async function payoutStatementPdf(db: Database, bookingId: string, userId: string, now = new Date()): Promise<PaperFile> {
  const papers = await papersFor(db, bookingId, userId, 'owner');
  requirePayment(papers);
  const figures = payoutFigures(papers.payment);
  const writer = new PaperWriter({ title: 'Payout statement', subject: `${PLATFORM_NAME} payout statement` });
  writer.title(PLATFORM_NAME, 'Payout statement');
  writer.field('Statement date', paperDate(now, 'UTC'));
  if (papers.payment.paidAt) writer.field('Date paid by the renter', paperDate(papers.payment.paidAt, papers.space.timeZone));
  writer.field('Renter', papers.renter.fullName);
  writeBookingBlock(writer, papers);
  writer.heading('Payout');
  writer.moneyTable([...figures.lines, { label: 'Amount paid out to you', cents: figures.payoutCents, strong: true }]);
  writer.doc.moveDown();
  writer.paragraph(
    'Amounts in US dollars. A refund takes back the payout and the platform fee in proportion, unless the first-booking fee ' +
      'was kept; the payment provider pays the amount out to your connected account on its payout schedule.',
    { small: true },
  );
  return { fileName: `payout-statement-${papers.firstBookingId.slice(0, 8)}.pdf`, pdf: await writer.finish() };
}

/**
 * GET /api/bookings/{id}/agreement.pdf: the space-use agreement (src/shared/agreement.ts) of a
 * confirmed booking, or of a cancelled one that was paid, with the renter's acceptance when it is
 * recorded. For an occurrence, the series' agreement.
 * @throws HttpError 404, 403 (see the module comment); 409 before the booking is confirmed
 */
export async function agreementPdf(db: Database, bookingId: string, userId: string): Promise<PaperFile> {
  const papers = await papersFor(db, bookingId, userId, 'both');
  if (!hasAgreement(papers)) throw conflict('The agreement is available once the booking is confirmed.');
  const document = await agreementDocument(agreementInput(papers));
  const writer = agreementWriter(document);
  writer.heading('Acceptance');
  const { acceptance } = papers;
  if (!acceptance) {
    writer.paragraph('No acceptance is recorded with this booking (it was made before acceptances were recorded).');
  } else {
    writer.paragraph(
      `Accepted by ${papers.renter.fullName} when booking, on ${acceptance.acceptedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC` +
        (acceptance.version ? `, template version ${acceptance.version}.` : '.'),
    );
    if (acceptance.sha256 && acceptance.sha256 !== document.sha256)
      writer.paragraph(
        `The text above has changed since (the listing or a name was edited): the text accepted had the SHA-256 ${acceptance.sha256}.`,
      );
  }
  writer.paragraph(`SHA-256 of the text above: ${document.sha256}`, { small: true });
  return { fileName: `agreement-${papers.firstBookingId.slice(0, 8)}.pdf`, pdf: await writer.finish() };
}

/** An agreement's title block and numbered sections, written; the caller adds what follows them. */
function agreementWriter(document: Awaited<ReturnType<typeof agreementDocument>>, preview = false): PaperWriter {
  const writer = new PaperWriter({ title: AGREEMENT_TITLE, subject: `${PLATFORM_NAME} space-use agreement` });
  writer.title(PLATFORM_NAME, preview ? `${AGREEMENT_TITLE}: preview` : AGREEMENT_TITLE);
  writer.field('Template version', document.version);
  if (preview) writer.paragraph(AGREEMENT_PREVIEW_NOTICE);
  writer.paragraph(AGREEMENT_TEMPLATE_NOTICE);
  document.sections.forEach((section, index) => {
    writer.heading(`${index + 1}. ${section.heading}`);
    for (const paragraph of section.paragraphs) writer.paragraph(paragraph);
  });
  return writer;
}

/** What a preview says of itself, first. */
export const AGREEMENT_PREVIEW_NOTICE =
  'Preview of the agreement of the booking you are about to make. Booking accepts it: when you proceed to payment, ' +
  'the time, this version and a SHA-256 of the text (with the booking reference then given) are recorded with the booking.';

/**
 * GET /api/spaces/{id}/agreement-preview.pdf: the space-use agreement of a booking `userId` is
 * about to make (the booking dialog's clickwrap link), quoted as checkout would (`previewCheckout`),
 * nothing held. Its text is the one the hold's acceptance records, but for the booking reference.
 * @throws HttpError 404 unknown space, 400 bad dates or recurrence, an unlisted or own space
 */
export async function agreementPreviewPdf(
  db: Database,
  spaceId: string,
  userId: string,
  query: z.output<typeof agreementPreviewQuerySchema>,
  now = new Date(),
): Promise<PaperFile> {
  const preview = await previewCheckout(db, spaceId, userId, query.details, query.recurrence, now);
  const document = await agreementDocument(await previewAgreementInput(db, userId, preview));
  const writer = agreementWriter(document, true);
  writer.heading('Acceptance');
  writer.paragraph('Not booked yet: booking accepts this agreement.');
  return { fileName: 'agreement-preview.pdf', pdf: await writer.finish() };
}
