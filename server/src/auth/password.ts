import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id, 19 MiB, 2 passes (OWASP's first recommended setting); Algorithm.Argon2id is 2
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The client sends the lowercase hex SHA-256 of the typed password; this checks that shape. */
export function isClientHash(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);
}

export function sha256Hex(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

export function hashClientPassword(clientHash: string): Promise<string> {
  return hash(clientHash, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a client hash against a stored argon2 hash. An unknown account (or one without a password)
 * is checked against a dummy hash of the same cost, so that the answer time does not tell which
 * accounts exist.
 */
export async function verifyClientPassword(stored: string | null | undefined, clientHash: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashClientPassword(crypto.randomBytes(32).toString('hex'));
    await verify(await dummyHash, clientHash).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, clientHash);
  } catch {
    return false;
  }
}

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A crypto-random password of the given length, without look-alike characters (0/O, 1/l/I). */
export function generatePassword(length = 6): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(alphabet.length)];
  return out;
}
