import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from '../db/privateFiles.ts';

/** the key file generated in DATA_DIR when SECRET_KEY is not set */
export const SECRET_KEY_FILE = 'secret.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const PREFIX = 'v1';

/** Why a stored secret could not be opened: another key, or a value that was changed or cut short. */
export class SecretBoxError extends Error {
  constructor(
    public readonly reason: 'wrongKey' | 'damaged',
    message: string,
  ) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * A 32-byte key written as 64 hex characters or as base64 (base64url too); undefined for anything else.
 * Used for SECRET_KEY and for the key file.
 */
export function decodeSecretKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(t)) return undefined;
  const key = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/**
 * AES-256-GCM for the data-source passwords stored in sys_connsql.databasePsd. An encrypted value is the
 * text `v1:<key id>:<iv>:<tag>:<data>` (base64); the key id (a keyed hash of the key, not the key) tells
 * a value sealed with another key apart from a damaged one without trying to decrypt.
 */
export class SecretBox {
  readonly keyId: string;
  readonly #key: Buffer;

  constructor(
    key: Buffer,
    /** where the key came from, named in error messages */
    readonly keySource = 'SECRET_KEY',
  ) {
    if (key.length !== KEY_BYTES) throw new Error(`${keySource}: the key must be ${KEY_BYTES} bytes`);
    this.#key = Buffer.from(key);
    this.keyId = crypto.createHmac('sha256', this.#key).update('qb secret box key id').digest().subarray(0, 6).toString('base64url');
  }

  /**
   * The key from SECRET_KEY when given, else the one in DATA_DIR/secret.key, generated there (mode 0600)
   * on first use. Several instances on one database must share the key: set the same SECRET_KEY on each.
   */
  static load(options: { secretKey?: Buffer; dataDir: string }): SecretBox {
    if (options.secretKey) return new SecretBox(options.secretKey, 'SECRET_KEY');
    makePrivateDir(options.dataDir);
    const file = path.join(options.dataDir, SECRET_KEY_FILE);
    const source = `SECRET_KEY (unset, so the key file ${file})`;
    try {
      // 'wx': when two instances start at once, the second reads the key the first wrote
      fs.writeFileSync(file, `${crypto.randomBytes(KEY_BYTES).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const stat = fs.statSync(file);
    if (typeof process.getuid === 'function' && stat.uid === process.getuid() && (stat.mode & 0o777) !== 0o600) fs.chmodSync(file, 0o600);
    const key = decodeSecretKey(fs.readFileSync(file, 'utf8'));
    if (!key) throw new Error(`The key file ${file} does not hold a 32-byte key (64 hex characters); restore it, or set SECRET_KEY`);
    return new SecretBox(key, source);
  }

  /** a stored value encrypted by a SecretBox (anything else is a password kept as plain text from before encryption) */
  static isEncrypted(stored: string): boolean {
    return stored.startsWith(`${PREFIX}:`);
  }

  encrypt(plain: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(`${PREFIX}:${this.keyId}`));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, this.keyId, iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  /** The plain text of an encrypted value; a value without the `v1:` prefix is returned as it is (stored before encryption). */
  decrypt(stored: string): string {
    if (!SecretBox.isEncrypted(stored)) return stored;
    const parts = stored.split(':');
    if (parts.length !== 5) throw new SecretBoxError('damaged', 'A stored secret is damaged (it is not v1:<key id>:<iv>:<tag>:<data>)');
    const [, keyId, iv, tag, data] = parts as [string, string, string, string, string];
    if (keyId !== this.keyId) {
      throw new SecretBoxError(
        'wrongKey',
        `A stored secret was encrypted with another key (key id ${keyId}); the key of this server, from ${this.keySource}, has key id ${this.keyId}. Set SECRET_KEY to the key the secrets were encrypted with.`,
      );
    }
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64'));
      decipher.setAAD(Buffer.from(`${PREFIX}:${keyId}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('damaged', `A stored secret is damaged or was changed: it does not authenticate with the key from ${this.keySource}`);
    }
  }
}
