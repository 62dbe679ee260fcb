/**
 * Contact messages (docs/product.md#contact-us): what the contact form sends is kept in
 * `contact_messages`, with the sender's account when they were signed in, for the operators' inbox.
 */
import type { z } from 'zod';
import type { ContactReceipt, contactMessageSchema } from '../../shared/schemas/contact';
import type { Database } from '../db/client';
import { contactMessages } from '../db/schema';

/**
 * Stores one contact message.
 * @param input the form, already checked by `contactMessageSchema` (trimmed)
 * @param userId the signed-in sender, or null for a visitor
 * @returns the stored message's id and when it was received
 */
export async function saveContactMessage(
  db: Database,
  input: z.output<typeof contactMessageSchema>,
  userId: string | null,
): Promise<ContactReceipt> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, topic: input.topic, message: input.message, userId })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return { id: row!.id, receivedAt: row!.createdAt.toISOString() };
}
