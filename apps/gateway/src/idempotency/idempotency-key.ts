import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '../http/api-surface';
/** How long a key and its first answer are kept: a retry within this time gets that answer. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3_600_000;

/** 1 to 255 printable ASCII characters, as Stripe's API takes them. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/**
 * The header's key; undefined when the request has none; a problem to answer 400 with
 * when it is sent twice, empty, too long or not printable ASCII.
 */
export function readIdempotencyKey(value: string | string[] | undefined): { key?: string } | { problem: string } {
  if (value === undefined) return {};
  if (Array.isArray(value)) return { problem: `${IDEMPOTENCY_KEY_HEADER} must be sent once` };
  if (!KEY_PATTERN.test(value)) return { problem: `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters` };
  return { key: value };
}

const sha256 = (...parts: (string | Buffer)[]) => {
  const hash = createHash('sha256');
  // Each part's length goes first, so that no two lists of parts hash alike.
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest('hex');
};

/**
 * Where a key is looked up: a hash of whose keys these are (a project's environment for
 * the server API, one person for the editor) and of the key, so the key is not stored.
 */
export const idempotencyRecordId = (owner: string[], key: string) => sha256(...owner, key);

/** What a key was first used for: the method, the path with its query, and the body (bytes, or JSON as parsed). */
export function requestHash(method: string, url: string, body: unknown): string {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body === undefined ? '' : JSON.stringify(body));
  return sha256(method, url, bytes);
}

/** An answer as kept for a key: a success's body, or an error's code, message and extra fields. */
export type KeptAnswer =
  | { status: number; body: unknown }
  | { status: number; error: { code: string; message: string; details: Record<string, unknown> } };

const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const cipherKey = (key: string, recordId: string) => Buffer.from(hkdfSync('sha256', key, recordId, 'embed idempotent answer', 32));

/**
 * Seals an answer with a key derived from the Idempotency-Key, which is never stored:
 * an answer may carry a secret (a minted editor token), and the database alone cannot
 * open it. AES-256-GCM, so an altered row fails to open rather than replaying garbage.
 */
export function sealAnswer(answer: KeptAnswer, key: string, recordId: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, cipherKey(key, recordId), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

export function openAnswer(sealed: Buffer, key: string, recordId: string): KeptAnswer {
  const decipher = createDecipheriv(CIPHER, cipherKey(key, recordId), sealed.subarray(0, IV_BYTES));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'));
}
