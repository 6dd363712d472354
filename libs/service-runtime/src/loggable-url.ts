/** What a redacted part of a logged address reads as. */
export const REDACTED = '[redacted]';

/** Path segments followed by an integrator's id for a person (`/embed/v1/users/{userId}/…`): erased people must not live on in logs. */
const NAMES_A_PERSON = new Set(['users']);
/** Query parameters that are credentials: a download link's signature works for whoever reads it. */
const CREDENTIALS = new Set(['sig']);

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A request's address as a log line may show it: the id after `users/` and every
 * signature replaced by `[redacted]`. The router decodes percent escapes before it
 * matches, so segments are compared decoded (`%75sers` is `users`); the id itself is
 * one segment whatever it holds, since a `/` in it arrives escaped.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split('/');
  for (let i = 0; i < segments.length - 1; i++) if (NAMES_A_PERSON.has(decoded(segments[i]))) segments[i + 1] = REDACTED;
  if (queryAt === -1) return segments.join('/');
  const query = new URLSearchParams(url.slice(queryAt + 1));
  for (const name of new Set(query.keys())) if (CREDENTIALS.has(name.toLowerCase())) query.set(name, REDACTED);
  return `${segments.join('/')}?${query.toString()}`;
}
