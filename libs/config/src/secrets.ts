import type { ValidatorSpec } from 'envalid';

/**
 * The variable that says "this is a local stack" (npm start, npm test, npm run bench and
 * the end-to-end tests set it): only there may development defaults and the repository's
 * public secrets be used. A deployment never sets it.
 */
export const LOCAL_STACK_MARKER = 'EMBED_LOCAL_STACK';

export const isLocalStack = (env: NodeJS.ProcessEnv) => env[LOCAL_STACK_MARKER] === '1';

/** Passwords docker-compose.yml once had as defaults (its other former defaults say change-me): anyone can read them. */
const PUBLISHED = new Set<string>(['embed', 'embed-minio-secret']);
const PLACEHOLDER = /change-?me/i;

/** Whether a secret's value is one anybody can know: a placeholder or a published default (a spec's own local default aside). */
export const isPublicSecret = (value: string) => PUBLISHED.has(value) || PLACEHOLDER.test(value);

/** Where a variable's secret is: its whole value, or the password of the address it holds. */
type SecretPlace = 'value' | 'url-password';
const places = new WeakMap<object, SecretPlace>();

/** Marks a variable's spec as holding a secret, which may not be public outside a local stack. */
export function secret<S extends ValidatorSpec<unknown>>(spec: S, place: SecretPlace = 'value'): S {
  places.set(spec, place);
  return spec;
}

function secretOf(value: unknown, place: SecretPlace): string {
  if (typeof value !== 'string') return '';
  if (place === 'value') return value;
  try {
    return decodeURIComponent(new URL(value).password);
  } catch {
    return '';
  }
}

/** Why each secret variable of `config` may not be used (by name); the values are never repeated. */
export function publicSecretProblems(specs: Record<string, object>, config: Record<string, unknown>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const place = places.get(spec);
    if (!place) continue;
    const value = secretOf(config[name], place);
    // A spec's own local default is as public as the published ones.
    if (!isPublicSecret(value) && value !== (spec as { devDefault?: unknown }).devDefault) continue;
    const what = place === 'value' ? 'is' : 'has a password that is';
    problems[name] =
      `${what} a placeholder or a public default (anyone can read it in this repository): set a secret of your own, ` +
      `e.g. \`openssl rand -hex 32\`; only a local stack (${LOCAL_STACK_MARKER}=1) may use it`;
  }
  return problems;
}
