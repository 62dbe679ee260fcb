/**
 * Image uploads and serving (docs/decisions/006-maps-and-images.md).
 *
 * `POST /api/uploads[?purpose=space|profile]`: one image per request as `multipart/form-data`, signed
 * in (401 from the request guard before any of the body is read). The file
 * is read from the stream up to {@link MAX_IMAGE_BYTES} and no further (413
 * beyond), then goes through the shared image pipeline (`storeImage`): not
 * decodable 415, too many pixels 413. Its stored bytes count against the
 * owner's image storage (`UPLOAD_QUOTA_MB`, quota.ts): past it 413, and an
 * owner whose storage is full is refused before the file is read. Answers
 * the display and thumbnail URLs.
 *
 * `/uploads/*`: the stored files, with long-lived cache headers (their names
 * are random and never reused): the local directory statically, or a bucket's
 * objects streamed through.
 */
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { uploadedImageSchema, uploadQuerySchema } from '../../shared/schemas/uploads';
import { requireUser } from '../auth/session';
import { HttpError, badRequest, notFound } from '../http/errors';
import { textAnswer } from '../http/openapi';
import { NOT_AN_IMAGE, TOO_LARGE, storeImage } from './images';
import type { UploadQuota } from './quota';
import { LocalFileStorage, UPLOADS_PREFIX, type FileStorage } from './storage';

/** Where each kind of upload is stored: listing photos beside each other, profile pictures and covers with the profile images sent inline. */
const UPLOAD_FOLDERS = { space: 'spaces', profile: 'profiles' } as const;

/** Cache-Control of stored images: a year, immutable. */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const uploadRoutes: FastifyPluginAsyncZod<{ storage: FileStorage; quota: UploadQuota }> = async (app, { storage, quota }) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  app.post(
    '/api/uploads',
    {
      schema: {
        summary: 'Uploads an image (multipart); answers its `/uploads/...` path.',
        description:
          'Request: `multipart/form-data`, one file; query `purpose=space` (default: a listing photo, under ' +
          '`/uploads/spaces/`) or `profile` (a profile picture or cover, under `/uploads/profiles/`); another purpose is ' +
          '400. 201 `{ url, thumbnailUrl }`; signed in (401 before the body is read); 413 over 5 MB or over 50 ' +
          'megapixels, 415 when sharp cannot decode it (whatever its name or type) or the body is not multipart; 413 past ' +
          'the owner\'s image storage (docs/api.md, "Limits"). Stored as WebP without metadata: display (1600 px) at ' +
          '`url`, thumbnail (480 px) at `url` with `-thumb` before `.webp`.',
        querystring: uploadQuerySchema,
        response: { 201: uploadedImageSchema },
      },
      config: { auth: 'required', rateLimit: { max: 120, perSeconds: 60 } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart/form-data.');
      await quota.checkRoom(user.id);
      const file = await request.file();
      if (!file) throw badRequest('Choose an image to upload.');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer(); // stops reading past the fileSize limit
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
        throw error;
      }
      if (bytes.length === 0) throw new HttpError(415, NOT_AN_IMAGE);
      return reply.status(201).send(await storeImage(storage, bytes, UPLOAD_FOLDERS[request.query.purpose], { userId: user.id, quota }));
    },
  );

  // The stored files' route, from @fastify/static or below, with its summary in the OpenAPI document.
  app.addHook('onRoute', (route) => {
    if (route.url === `${UPLOADS_PREFIX}*`)
      route.schema = {
        ...route.schema,
        hide: false,
        summary: 'A stored image by its `/uploads/...` path (public, cached for a year).',
        description:
          'Stored images, `Cache-Control: public, max-age=31536000, immutable` (local directory, or streamed from the S3 bucket).',
        response: { 200: textAnswer('image/*', 'The image, with its own media type.') },
      };
  });
  if (storage instanceof LocalFileStorage) {
    await app.register(fastifyStatic, {
      root: storage.dir,
      prefix: UPLOADS_PREFIX,
      decorateReply: false,
      index: false,
      immutable: true,
      maxAge: '365d',
    });
  } else if (storage.get) {
    const get = storage.get.bind(storage);
    app.get('/uploads/*', async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      let object;
      try {
        object = await get(key);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('Bad storage key')) throw notFound();
        throw error;
      }
      if (!object) throw notFound();
      return reply.header('Cache-Control', UPLOADS_CACHE_CONTROL).type(object.contentType).send(object.body);
    });
  }
};
