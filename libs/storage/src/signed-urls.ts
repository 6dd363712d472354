import { createHmac, timingSafeEqual } from 'node:crypto';

/** The gateway's route that serves filesystem-stored files; the key follows it. */
export const FILES_PATH = '/files/v1/';

export interface SignedFile {
  key: string;
  filename: string;
  /** Unix seconds after which the link is refused. */
  expires: number;
}

const signature = (secret: string, { key, filename, expires }: SignedFile) =>
  createHmac('sha256', secret).update(`${key}\n${filename}\n${expires}`).digest('base64url');

/** `/files/v1/<key>?expires=..&name=..&sig=..`: the key, name and expiry under one HMAC. */
export function signedFilePath(secret: string, file: SignedFile): string {
  const query = new URLSearchParams({ expires: String(file.expires), name: file.filename, sig: signature(secret, file) });
  return `${FILES_PATH}${file.key.split('/').map(encodeURIComponent).join('/')}?${query}`;
}

export type SignatureCheck = { ok: true; file: SignedFile } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a signed link's parts as the gateway received them (the key already decoded from the path). */
export function checkSignedFile(secret: string, key: string, query: Record<string, unknown>, nowSeconds = Date.now() / 1000): SignatureCheck {
  const { expires, name, sig } = query;
  if (typeof expires !== 'string' || typeof name !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) {
    return { ok: false, reason: 'invalid' };
  }
  const file = { key, filename: name, expires: Number(expires) };
  const expected = Buffer.from(signature(secret, file));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (file.expires < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, file };
}
