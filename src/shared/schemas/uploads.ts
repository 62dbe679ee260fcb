/**
 * POST /api/uploads: what an upload is for and the image URLs it answers.
 * Response types are inferred from these schemas, never written twice.
 */
import { z } from 'zod';

/** What an uploaded image is for (POST /api/uploads?purpose=): a listing photo (default) or a profile picture or cover. */
export const uploadPurposeSchema = z.enum(['space', 'profile']);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;
export const uploadQuerySchema = z.object({ purpose: uploadPurposeSchema.default('space') });
/** The answer of POST /api/uploads: the display image's URL (what a listing stores) and its thumbnail's. */
export const uploadedImageSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
