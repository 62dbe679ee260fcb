/**
 * The demo's insurance (docs/decisions/030-insurance-certificates-and-licence-states.md):
 * one listing of the demo owner that requires proof of insurance, and a certificate of insurance
 * on the demo renter, a small PDF written here with pdfkit, valid for nine months from seeding.
 */
import PDFDocument from 'pdfkit';
import { addDays, format } from 'date-fns';
import type { Database } from '../db/client';
import { insuranceCertificates } from '../db/schema';
import type { PrivateFileStorage } from '../storage/private-files';

/** How long the demo renter's certificate is valid from the seeding day. */
export const DEMO_CERTIFICATE_DAYS = 270;

/**
 * The index of the demo listing that requires insurance: the demo owner's oldest daily space (the
 * last in the list; the newest ones are what browser tests and the demo activity use), or -1.
 */
export function insuranceDemoSpaceIndex(spaces: readonly { ownerKey: string; pricePeriod: string }[]): number {
  return spaces.findLastIndex((space) => space.ownerKey === 'owner' && space.pricePeriod === 'daily');
}

/** The demo certificate's PDF: a one-page certificate of professional liability insurance. */
export function demoCertificatePdf(holder: string, policyNumber: string, from: string, to: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: 'Certificate of Insurance (demo)', Author: 'ClinicShare demo' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(18).text('Certificate of Liability Insurance');
  doc.font('Helvetica').fontSize(10).text('DEMO DOCUMENT - not a real policy').moveDown();
  for (const [label, value] of [
    ['Insurer', 'Lakeside Medical Mutual (demo)'],
    ['Insured', holder],
    ['Policy number', policyNumber],
    ['Coverage', 'Professional liability (malpractice), $1,000,000 per claim / $3,000,000 aggregate'],
    ['Policy period', `${from} to ${to}`],
  ] as const)
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  doc.end();
  return done;
}

/** Writes the demo renter's certificate file to the private storage and records it. */
export async function insertDemoCertificate(
  db: Database,
  files: PrivateFileStorage,
  renter: { id: string; name: string },
  now: Date,
): Promise<void> {
  const from = format(now, 'yyyy-MM-dd');
  const expiresOn = format(addDays(now, DEMO_CERTIFICATE_DAYS), 'yyyy-MM-dd');
  const policyNumber = 'LMM-PL-204817';
  const pdf = await demoCertificatePdf(renter.name, policyNumber, from, expiresOn);
  const storageKey = 'insurance/demo-renter-certificate.pdf';
  await files.put(storageKey, pdf, 'application/pdf');
  await db.insert(insuranceCertificates).values({
    userId: renter.id,
    storageKey,
    contentType: 'application/pdf',
    byteSize: pdf.length,
    insurer: 'Lakeside Medical Mutual (demo)',
    policyNumber,
    expiresOn,
  });
}
