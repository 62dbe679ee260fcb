/**
 * The contact form (`POST /api/contact`): a message to the people who run ClinicShare, sent signed in
 * or not, kept in `contact_messages` for the operators' inbox (docs/product.md#contact-us).
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';
import { required, textSchema } from './fields';

/** What a message is about. */
export const CONTACT_TOPICS = ['booking', 'payments', 'listing', 'account', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** The topics as the form names them. */
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  booking: 'A booking',
  payments: 'Payments and refunds',
  listing: 'Listing a space',
  account: 'My account',
  other: 'Something else',
};

/** Longest name, characters. */
export const CONTACT_NAME_MAX = 100;
/** Longest email address, characters (RFC 5321's path limit). */
export const CONTACT_EMAIL_MAX = 254;
/** Shortest and longest message, characters. */
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/** POST /api/contact: who writes (name, an email to answer), the topic and the message. */
export const contactMessageSchema = z.object({
  name: required('Your name', CONTACT_NAME_MAX),
  email: z.email('Please enter a valid email address').max(CONTACT_EMAIL_MAX),
  topic: z.enum(CONTACT_TOPICS, 'Choose a topic'),
  message: textSchema
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Please write at least ${CONTACT_MESSAGE_MIN} characters`)
    .max(CONTACT_MESSAGE_MAX, `Your message can be at most ${CONTACT_MESSAGE_MAX.toLocaleString('en-US')} characters`),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** The answer of POST /api/contact (201): the stored message's id and when it was received (ISO 8601). */
export const contactReceiptSchema = z.object({ id: z.string(), receivedAt: z.string() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
