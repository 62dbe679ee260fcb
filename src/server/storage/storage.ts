/**
 * File storage behind one interface (DESIGN decision 8): a local directory
 * by default, served at `/uploads/`; an S3-compatible bucket can implement the
 * same interface.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores `data` under `key` (e.g. "spaces/abc.webp") and returns its public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
}

/** Stores files under `<dir>/<key>`; their URLs are `/uploads/<key>`. */
export class LocalFileStorage implements FileStorage {
  constructor(readonly dir: string) {}

  async put(key: string, data: Buffer): Promise<string> {
    if (key.includes('..') || path.isAbsolute(key)) throw new Error(`Bad storage key: ${key}`);
    const target = path.join(this.dir, key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
    return `/uploads/${key}`;
  }
}
