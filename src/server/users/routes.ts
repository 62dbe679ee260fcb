/** Profile routes (docs/product.md#api-calls; docs/decisions/009-identity-from-the-session.md: own profile only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateUserSchema } from '../../shared/schemas/profile';
import { idParamSchema } from '../../shared/schemas/fields';
import { updateUserResultSchema, userSchema } from '../../shared/schemas/users';
import { verifyCurrentPassword } from '../auth/service';
import { requireSelf } from '../auth/session';
import type { AuthThrottle } from '../auth/throttle';
import type { Database } from '../db/client';
import type { UploadQuota } from '../storage/quota';
import type { FileStorage } from '../storage/storage';
import { retryLicenseVerification, updateUser } from './service';

const idParams = z.object({ id: idParamSchema });

export interface UserRoutesOptions {
  db: Database;
  storage: FileStorage;
  npiRegistryUrl: string;
  /** Failed-login counts, which a wrong current password (a new email) uses up as a wrong login does. */
  throttle: AuthThrottle;
  /** The image storage each user may use. */
  quota: UploadQuota;
}

/** True when `email` is given and is another address than the user's (letter case aside). */
const changesEmail = (current: { email: string }, email: string | undefined) =>
  email !== undefined && email.toLowerCase() !== current.email.toLowerCase();

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (app, { db, storage, npiRegistryUrl, throttle, quota }) => {
  app.put(
    '/api/users/:id',
    // Two 5 MB images as base64 data fit in 16 MB.
    {
      schema: {
        summary: "Edits the session user's profile.",
        description:
          'Body: `updateUserSchema` (a partial of the user: names, email, phone as E.164, specialty, bio, licenseNumber, ' +
          'userType, coverColor `#rrggbb`, profileImage/coverImage as inline image data, an `/uploads/...` path, or null ' +
          'to remove). `{ user }`; own only (403); a new email (not the same address in another letter case) needs ' +
          '`currentPassword`: 400 with an issue on `body.currentPassword` when it is missing or wrong (counted as a ' +
          'failed login, 429 as for login), and nothing changes; 409 email taken; 409 when the new license number is ' +
          'verified on another account (one account per NPI: "This NPI is already verified on another ClinicShare ' +
          'account. If it is yours, contact support@clinicshare.example to have it moved.", with `issues: [{ path: ' +
          "'licenseNumber' }]`; nothing is saved); 400 bad field (an NPI with a wrong check digit); 413/415 bad inline " +
          'image, 413 past the user\'s image storage (docs/api.md, "Limits"). `verified` and the payment fields cannot be ' +
          'set. A new license number or name is checked with the NPI registry (`licenseVerification`: verified, pending ' +
          'when the registry did not answer, not_found, name_mismatch, unsupported, in_use when a number the account ' +
          'keeps is verified on another account).',
        params: idParams,
        body: updateUserSchema,
        response: { 200: updateUserResultSchema },
      },
      bodyLimit: 16 * 1024 * 1024,
      config: { auth: 'required' },
    },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      // A new email is a change of credentials: it needs the current password (ASVS 3.7.1), checked before anything is stored.
      const newEmail = changesEmail(user, request.body.email);
      if (newEmail) await verifyCurrentPassword(db, throttle, user, request.body.currentPassword, request.ip);
      // A new email also ends the old address's links and sends the new one a verification link.
      const updated = await updateUser(db, storage, npiRegistryUrl, user, request.body, quota);
      return { user: updated };
    },
  );

  app.post(
    '/api/users/:id/verify-license',
    {
      schema: {
        summary: "Asks the NPI registry again about the session user's license number.",
        description:
          '`User` with the registry asked again (`in_use`, never verified, when another account holds the number ' +
          'verified); own only (403).',
        params: idParams,
        response: { 200: userSchema },
      },
      config: { auth: 'required' },
    },
    async (request) => retryLicenseVerification(db, npiRegistryUrl, requireSelf(request, request.params.id)),
  );
};
