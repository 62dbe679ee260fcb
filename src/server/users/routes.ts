/** Profile routes (SPEC section 7; DESIGN decision 1: own profile only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { updateUserSchema } from '../../shared/profile-schemas';
import { idParamSchema, updateUserResultSchema, userSchema } from '../../shared/schemas';
import { requireSelf } from '../auth/session';
import type { Database } from '../db/client';
import type { UploadQuota } from '../storage/quota';
import type { FileStorage } from '../storage/storage';
import { retryLicenseVerification, updateUser } from './service';

const idParams = z.object({ id: idParamSchema });

export const userRoutes: FastifyPluginAsyncZod<{ db: Database; storage: FileStorage; npiRegistryUrl: string; quota: UploadQuota }> = async (
  app,
  { db, storage, npiRegistryUrl, quota },
) => {
  app.put(
    '/api/users/:id',
    // Two 5 MB images as base64 data fit in 16 MB.
    { schema: { params: idParams, body: updateUserSchema, response: { 200: updateUserResultSchema } }, bodyLimit: 16 * 1024 * 1024, config: { auth: 'required' } },
    async (request) => {
      const user = requireSelf(request, request.params.id);
      return { user: await updateUser(db, storage, npiRegistryUrl, user, request.body, quota) };
    },
  );

  app.post(
    '/api/users/:id/verify-license',
    { schema: { params: idParams, response: { 200: userSchema } }, config: { auth: 'required' } },
    async (request) => retryLicenseVerification(db, npiRegistryUrl, requireSelf(request, request.params.id)),
  );
};
