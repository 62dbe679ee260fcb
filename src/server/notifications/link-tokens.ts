/**
 * Emailed links' tokens at rest (docs/decisions/022-notifications-and-email.md): a password reset or
 * email verification token waits in `notifications.data.token` until its email is sent, sealed with
 * AES-256-GCM under a server key that is not in the database, so a copy of the database gives no
 * working link. The email job opens it to render the link, and once the SMTP server has the
 * message the sealed token is dropped too (./email-delivery.ts).
 *
 * The key: `LINK_TOKEN_SECRET` when set (instances on several machines share it), else 32 random
 * bytes kept in `DATA_DIR/link-token.key` (made on first start, readable by its owner only).
 * Sealed form: `sealed:v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts); the key id (the
 * first 8 bytes of the key's SHA-256) lets a process holding several keys (tests) pick the right one.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

const PREFIX = 'sealed:v1.';

/** The keys configured in this process, by key id; the latest seals. */
const keys = new Map<string, Buffer>();
let sealingKeyId: string | null = null;

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 11);

/**
 * Loads (or, the first time, makes) the sealing key of `config` and seals with it from now on.
 * Called by `buildApp`; safe to call again.
 * @param config.linkTokenSecret `LINK_TOKEN_SECRET`; unset: the key file under `config.dataDir`
 */
export function configureLinkTokenKey(config: Pick<Config, 'dataDir' | 'linkTokenSecret'>): void {
  let key: Buffer;
  if (config.linkTokenSecret) {
    key = createHash('sha256').update(config.linkTokenSecret).digest();
  } else {
    const file = path.join(config.dataDir, 'link-token.key');
    if (!existsSync(file)) {
      mkdirSync(config.dataDir, { recursive: true });
      // `wx`: of two instances starting at once on one DATA_DIR, the first file wins.
      try {
        writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      chmodSync(file, 0o600);
    }
    key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key: delete it to make a new one`);
  }
  const id = keyIdOf(key);
  keys.set(id, key);
  sealingKeyId = id;
}

/**
 * Seals a link's token for storage.
 * @throws Error when no key is configured ({@link configureLinkTokenKey})
 */
export function sealLinkToken(token: string): string {
  const key = sealingKeyId ? keys.get(sealingKeyId) : undefined;
  if (!sealingKeyId || !key) throw new Error('No link token key: call configureLinkTokenKey() at start');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `${PREFIX}${[sealingKeyId, iv.toString('base64url'), sealed.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.')}`;
}

/**
 * The token a value of {@link sealLinkToken} holds; a value that is not sealed is returned as it
 * is (a notification written before tokens were sealed).
 * @returns null when it is sealed under a key this process does not have, or was altered
 */
export function openLinkToken(value: string): string | null {
  if (!value.startsWith(PREFIX)) return value;
  const [id = '', iv = '', sealed = '', tag = ''] = value.slice(PREFIX.length).split('.');
  const key = keys.get(id);
  if (!key) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
