/**
 * File storage behind one interface (docs/decisions/006-maps-and-images.md): a local directory
 * under DATA_DIR by default, or an S3-compatible bucket when `S3_BUCKET` is
 * configured. Either way an image's public URL is `/uploads/<key>`: the local
 * directory is served statically, a bucket's objects are streamed through the
 * same path, so stored URLs never depend on where the bytes live.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';

/** Public URL prefix of stored files. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * Where a bucket keeps private files (private-files.ts): the public `/uploads/*` route never
 * serves a key under it.
 */
export const PRIVATE_KEY_PREFIX = 'private/';

/** Keys are relative paths of word characters, dashes and dots ("spaces/abc.webp"). */
const SAFE_KEY = /^[\w-]+(\/[\w-]+)*\.[a-z0-9]+$/;

/** @throws Error for a key that could escape its folder */
export function checkStorageKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..') || path.isAbsolute(key)) throw new Error(`Bad storage key: ${key}`);
}

export interface StoredObject {
  body: Readable;
  contentType: string;
}

export interface FileStorage {
  /** Stores `data` under `key` (e.g. "spaces/abc.webp") and returns its public URL (`/uploads/<key>`). */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /**
   * The stored object, or null when there is none. Undefined for storages
   * that the app serves another way (the local directory, served statically).
   */
  get?(key: string): Promise<StoredObject | null>;
}

/** Stores files under `<dir>/<key>`; the app serves the directory at `/uploads/`. */
export class LocalFileStorage implements FileStorage {
  constructor(readonly dir: string) {}

  async put(key: string, data: Buffer): Promise<string> {
    checkStorageKey(key);
    const target = path.join(this.dir, key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
    return `${UPLOADS_PREFIX}${key}`;
  }
}

/** Stores files in an S3-compatible bucket (AWS S3, R2, MinIO) through `@aws-sdk/client-s3`. */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;

  constructor(
    readonly bucket: string,
    options: { region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean },
  ) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      // Without keys the SDK's default chain applies (environment, instance role).
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    checkStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    return `${UPLOADS_PREFIX}${key}`;
  }

  /** A public object; null for a key under {@link PRIVATE_KEY_PREFIX} (private files are not public). */
  async get(key: string): Promise<StoredObject | null> {
    checkStorageKey(key);
    if (key.startsWith(PRIVATE_KEY_PREFIX)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return null;
      return { body: object.Body as Readable, contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }
}

/** The storage the configuration asks for: a bucket when `S3_BUCKET` is set, else `<DATA_DIR>/uploads`. */
export function createFileStorage(config: Pick<Config, 's3' | 'dataDir'>): FileStorage {
  if (config.s3) return new S3FileStorage(config.s3.bucket, config.s3);
  return new LocalFileStorage(path.join(config.dataDir, 'uploads'));
}
