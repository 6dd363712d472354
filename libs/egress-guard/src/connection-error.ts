/**
 * Why an outgoing connection or request failed, in words for a warning or a delivery
 * record. The guarded lookup gives a socket every address of a host, and Node tries each
 * in turn: when all of them fail, the error is an AggregateError whose own message is
 * empty, and what happened is in its attempts. Read by shape, not by class: an error made
 * in another realm (a test's) is no instance of this realm's Error.
 */
export function connectionErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { message, errors, code } = error as { message?: unknown; errors?: unknown; code?: unknown };
  if (typeof message === 'string' && message) return message;
  const said = Array.isArray(errors) ? errors.map(connectionErrorMessage).filter(Boolean) : [];
  return said.length > 0 ? said.join('; ') : String(code ?? 'the connection failed');
}
