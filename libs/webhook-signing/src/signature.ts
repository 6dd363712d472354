import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header every webhook POST carries (spec §5). */
export const SIGNATURE_HEADER = 'Service-Signature';

/** How far a receiver should let `t` differ from its own clock, as the docs advise. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const hmacHex = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/**
 * The `Service-Signature` value for `body` sent at `timeSeconds`: `t=<unix seconds>`,
 * then one `v1=` per secret, so that during a rotation a receiver holding either the
 * old or the new secret can verify. Keys are the secrets' characters as shown (UTF-8).
 */
export function signatureHeader(body: string, secrets: readonly string[], timeSeconds: number): string {
  const t = Math.floor(timeSeconds);
  return [`t=${t}`, ...secrets.map((secret) => `v1=${hmacHex(secret, t, body)}`)].join(',');
}

function parseHeader(header: string): { t: number; signatures: string[] } | null {
  let t: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value ?? '')) t = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '')) signatures.push(value);
  }
  return t === null ? null : { t, signatures };
}

/**
 * A receiver's check: true when one `v1=` of `header` is the HMAC of `<t>.<rawBody>` with
 * `secret` and `t` is within `toleranceSeconds` of `nowSeconds`. `rawBody` must be the
 * bytes as received (as a string), before any JSON parsing.
 */
export function verifyWebhook(
  rawBody: string,
  header: string,
  secret: string,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  nowSeconds = Date.now() / 1000,
): boolean {
  const parsed = parseHeader(header);
  if (!parsed || Math.abs(nowSeconds - parsed.t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, parsed.t, rawBody), 'hex');
  return parsed.signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
}
