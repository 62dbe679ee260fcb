/**
 * The space-use agreement of a booking (docs/decisions/027-receipts-and-agreements.md): a
 * template whose text is built here from the booking, its space and its two parties, and hashed
 * (SHA-256) so that the renter's clickwrap acceptance names the exact text accepted.
 *
 * The text is plain and deterministic: dates are written without the runtime's locale data
 * (`paperRange`), so the same booking gives the same text, and hash, on any machine. A change of
 * the template's wording is a new {@link AGREEMENT_VERSION}.
 *
 * For a recurring series it states what US timeshare arrangements between physicians are expected
 * to state (the Stark timeshare exception, 42 CFR 411.357(y),
 * https://www.ecfr.gov/current/title-42/section-411.357#p-411.357(y)): the schedule set in advance,
 * the premises and equipment included, and compensation set in advance by time, with no share of
 * the renter's revenue nor a per-patient fee.
 */
import { CANCELLATION_POLICY_TEXT } from './cancellation';
import { NO_SHOW_AFTER_MINUTES, NO_SHOW_POLICY_TEXT } from './stays';
import { AGREEMENT_VERSION, type CancellationPolicyTier, type PricingPeriod } from './constants';
import { formatUsd } from './money';
import { chargeLabel, paperRange, PLATFORM_NAME } from './receipt';
import type { PaperworkOccurrence } from './schemas/paperwork';

/** The template's version, stored with each acceptance (`bookings.agreement_version`); kept in ./constants.ts, which the checkout's first page loads. */
export { AGREEMENT_VERSION };

/** What the agreement is built from. */
export interface AgreementInput {
  /** The booking (a series: its first occurrence) the agreement is for; null in a preview before booking. */
  bookingId: string | null;
  /**
   * The owner; `email` null in a preview, which any signed-in renter can ask for: the owner's contact
   * details are for the parties of an actual booking only.
   */
  owner: { fullName: string; email: string | null };
  renter: { fullName: string; email: string };
  space: {
    title: string;
    /** Street, city, state and ZIP on one line. */
    address: string;
    timeZone: string;
    pricePeriod: PricingPeriod;
    houseRules: string | null;
    equipment: readonly string[];
    amenities: readonly string[];
    /** The owner's own terms (`medical_spaces.agreement_terms`), or null. */
    ownerTerms: string | null;
  };
  /** The booked ranges, earliest first: one, or each occurrence of a series. */
  occurrences: readonly Pick<PaperworkOccurrence, 'startAt' | 'endAt' | 'units' | 'totalCents'>[];
  series: boolean;
  /** The stored total and the platform fee within it, cents. */
  totalCents: number;
  platformFeeCents: number;
  /** The booking's cancellation tier, fixed when it was made. */
  cancellationPolicyTier: CancellationPolicyTier;
  /** The listing required check-in when the booking was made: a no-show is not refunded (src/shared/stays.ts). */
  requiresCheckIn: boolean;
}

/** One numbered section: a heading and its paragraphs. */
export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

/** The title printed first. */
export const AGREEMENT_TITLE = 'Space-use agreement (template)';

/** What the template says of itself (printed first, and part of the text accepted). */
export const AGREEMENT_TEMPLATE_NOTICE =
  `This is a template provided by ${PLATFORM_NAME}, not legal advice. The parties may agree further terms in writing; ` +
  "the owner's own terms below are part of it.";

const listOrNone = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : 'none listed');

/** The agreement's sections, in order. */
export function agreementSections(input: AgreementInput): AgreementSection[] {
  const { space } = input;
  const ranges = input.occurrences.map((o) => paperRange(o.startAt, o.endAt, space.timeZone, space.pricePeriod));
  const charge = chargeLabel({ totalCents: input.totalCents, occurrences: input.occurrences.map(asOccurrence) }, space.pricePeriod);
  const sections: AgreementSection[] = [
    {
      heading: 'Parties',
      paragraphs: [
        input.owner.email === null
          ? `Owner (licensor): ${input.owner.fullName}; their contact details are given when the booking is made.`
          : `Owner (licensor): ${input.owner.fullName} <${input.owner.email}>.`,
        `Renter (licensee): ${input.renter.fullName} <${input.renter.email}>.`,
        input.bookingId
          ? `Booked through ${PLATFORM_NAME}, booking reference ${input.bookingId}.`
          : `Booked through ${PLATFORM_NAME}; the booking reference is given when the booking is made.`,
      ],
    },
    {
      heading: 'Premises and equipment',
      paragraphs: [
        `The owner lets the renter use "${space.title}", ${space.address}, for the times below.`,
        `Equipment included: ${listOrNone(space.equipment)}. Amenities included: ${listOrNone(space.amenities)}.`,
        'This is a licence to use the premises at those times, not a lease: the renter gets no other right to occupy them.',
      ],
    },
    {
      heading: input.series ? 'Schedule, set in advance' : 'Dates',
      paragraphs: [
        input.series ? `${input.occurrences.length} bookings, times in ${space.timeZone}:` : `Times in ${space.timeZone}:`,
        ...ranges.map((range) => `- ${range}`),
      ],
    },
    {
      heading: 'Price',
      paragraphs: [
        `The renter pays ${formatUsd(input.totalCents)} (${charge}), paid in advance through ${PLATFORM_NAME}. ` +
          `It includes the platform fee of ${formatUsd(input.platformFeeCents)}, withheld from the owner's payout.`,
        ...(input.series
          ? [
              'The price is fixed in advance and based only on the time the premises are used. It includes no share of the ' +
                "renter's revenue and no per-patient or per-service fee, and does not depend on the volume or value of any " +
                'referrals or other business between the parties.',
            ]
          : []),
      ],
    },
    {
      heading: 'House rules and access',
      paragraphs: [space.houseRules?.trim() ? space.houseRules.trim() : 'The owner has stated no house rules or access instructions.'],
    },
    {
      heading: 'Cancellation',
      paragraphs: [
        CANCELLATION_POLICY_TEXT[input.cancellationPolicyTier],
        'If the owner cancels, the renter is refunded in full.',
        ...(input.requiresCheckIn
          ? [
              `The renter checks in on arrival. ${NO_SHOW_POLICY_TEXT} A renter who has not checked in ${NO_SHOW_AFTER_MINUTES} ` +
                'minutes after the start may be marked a no-show by the owner, and may dispute it with the platform.',
            ]
          : []),
      ],
    },
    {
      heading: 'Licence and insurance',
      paragraphs: [
        'The renter holds a current professional licence for the care they give in the premises, and brings their own ' +
          'professional liability (malpractice) insurance. The owner provides neither.',
      ],
    },
    {
      heading: 'Patient records',
      paragraphs: [
        "Patient records and other protected health information (PHI) remain the renter's responsibility. The renter " +
          'does not leave them in the premises, on paper or on any device, and the owner has no access to them.',
      ],
    },
  ];
  if (space.ownerTerms?.trim()) sections.push({ heading: "Owner's own terms", paragraphs: [space.ownerTerms.trim()] });
  return sections;
}

/** An occurrence as `chargeLabel` reads it (only its units and total matter there). */
function asOccurrence(o: Pick<PaperworkOccurrence, 'startAt' | 'endAt' | 'units' | 'totalCents'>): PaperworkOccurrence {
  return { bookingId: '', status: '', amountRefundedCents: 0, refundedAt: null, ...o };
}

/**
 * The agreement as one text, what the renter accepts and what is hashed: the title, the version,
 * the notice and the numbered sections, lines joined by "\n".
 */
export function agreementText(input: AgreementInput): string {
  const sections = agreementSections(input).map((section, index) => `${index + 1}. ${section.heading}\n${section.paragraphs.join('\n')}`);
  return [`${AGREEMENT_TITLE}, version ${AGREEMENT_VERSION}`, AGREEMENT_TEMPLATE_NOTICE, ...sections].join('\n\n');
}

/** The SHA-256 of `text` (UTF-8), lower-case hex: Web Crypto, in Node 20 and in browsers alike. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The agreement of `input`: its version, sections, text and the text's SHA-256 (what an acceptance records). */
export async function agreementDocument(
  input: AgreementInput,
): Promise<{ version: string; sections: AgreementSection[]; text: string; sha256: string }> {
  const text = agreementText(input);
  return { version: AGREEMENT_VERSION, sections: agreementSections(input), text, sha256: await sha256Hex(text) };
}
