import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import type { Environment } from '@embed/contracts';

/** 32 random bytes, URL-safe: 256 bits, far beyond guessing. */
const randomPart = () => randomBytes(32).toString('base64url');

/** A project secret key; its prefix tells the environment, as integrators expect. */
export const newSecretKey = (environment: Environment) => `sk_${environment}_${randomPart()}`;

/** A webhook signing secret, shown once to the integrator. */
export const newWebhookSecret = () => `whsec_${randomPart()}`;

/** An editor token: opaque to the page that holds it. */
export const newEditorToken = () => `et_${randomPart()}`;

/**
 * Secrets are random and long, so a fast hash is safe to store and to look up by:
 * a slow password hash would only add latency to every request.
 */
export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export function secretMatchesHash(secret: string, hash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const SECRET_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9_-]{43}$/;

/** The environment a secret key claims, or null when it is not shaped like one. */
export function secretKeyEnvironment(secret: string): Environment | null {
  const match = SECRET_KEY_PATTERN.exec(secret);
  return match ? (match[1] as Environment) : null;
}

const EDITOR_TOKEN_PATTERN = /^et_[A-Za-z0-9_-]{43}$/;

/** Whether `token` is shaped like one newEditorToken makes: anything else is refused without looking it up. */
export const isEditorTokenShaped = (token: string): boolean => EDITOR_TOKEN_PATTERN.test(token);
