/** The credential of an `Authorization: Bearer <credential>` header, or null. */
export function bearerCredential(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return match ? match[1] : null;
}
