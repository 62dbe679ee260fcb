/**
 * Private file storage (docs/decisions/030-insurance-certificates-and-licence-states.md): files that
 * only an access check may hand out, such as certificates of insurance. They are never under the
 * public `/uploads/`: on local disk they live in `<DATA_DIR>/private-files` (beside, not inside,
 * the statically served `<DATA_DIR>/uploads`); in a bucket under the `private/` prefix, which the
 * public `/uploads/*` route refuses ({@link S3FileStorage.get}).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { checkStorageKey, PRIVATE_KEY_PREFIX, S3FileStorage } from './storage';

/** A private file as read back. */
export interface PrivateFile {
  body: Buffer | Readable;
  contentType: string;
}

export interface PrivateFileStorage {
  /** Stores `data` under `key` ("insurance/<uuid>.pdf"). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file at `key`, or null when there is none. */
  get(key: string, contentType: string): Promise<PrivateFile | null>;
  /** Deletes the file at `key`; a file already gone is no error. */
  delete(key: string): Promise<void>;
}

/** Private files under a local directory that no route serves. */
export class LocalPrivateFileStorage implements PrivateFileStorage {
  constructor(readonly dir: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    checkStorageKey(key);
    const target = path.join(this.dir, key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data, { mode: 0o600 });
  }

  async get(key: string, contentType: string): Promise<PrivateFile | null> {
    checkStorageKey(key);
    try {
      return { body: await readFile(path.join(this.dir, key)), contentType };
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkStorageKey(key);
    await rm(path.join(this.dir, key), { force: true });
  }
}

/** Private files in the bucket of the public images, under `private/`, never cached on the way. */
export class S3PrivateFileStorage implements PrivateFileStorage {
  constructor(readonly bucket: S3FileStorage) {}

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    checkStorageKey(key);
    await this.bucket.client.send(
      new PutObjectCommand({
        Bucket: this.bucket.bucket,
        Key: `${PRIVATE_KEY_PREFIX}${key}`,
        Body: data,
        ContentType: contentType,
        CacheControl: 'private, no-store',
      }),
    );
  }

  async get(key: string, contentType: string): Promise<PrivateFile | null> {
    checkStorageKey(key);
    try {
      const object = await this.bucket.client.send(
        new GetObjectCommand({ Bucket: this.bucket.bucket, Key: `${PRIVATE_KEY_PREFIX}${key}` }),
      );
      if (!object.Body) return null;
      return { body: object.Body as Readable, contentType: object.ContentType ?? contentType };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  /** S3 answers a delete of a missing key with success too. */
  async delete(key: string): Promise<void> {
    checkStorageKey(key);
    await this.bucket.client.send(new DeleteObjectCommand({ Bucket: this.bucket.bucket, Key: `${PRIVATE_KEY_PREFIX}${key}` }));
  }
}

/** The private storage the configuration asks for: the bucket's `private/` prefix with `S3_BUCKET`, else `<DATA_DIR>/private-files`. */
export function createPrivateFileStorage(config: Pick<Config, 's3' | 'dataDir'>): PrivateFileStorage {
  if (config.s3) return new S3PrivateFileStorage(new S3FileStorage(config.s3.bucket, config.s3));
  return new LocalPrivateFileStorage(path.join(config.dataDir, 'private-files'));
}
