import { fromBuffer } from 'file-type';

/** Image types kept in a ZIP or taken as uploads, known by their bytes (never by a name or a header). */
const IMAGE_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[keyof typeof IMAGE_EXTENSIONS];

/**
 * The extension of a PNG, JPEG, GIF or WebP image by its first bytes; null for anything
 * else (SVG included: it can carry scripts). Bytes the sniffer cannot read through (a
 * signature followed by a cut-off header throws End-Of-Stream) are no image either.
 */
export async function sniffImage(bytes: Buffer): Promise<ImageExtension | null> {
  const type = await fromBuffer(bytes).catch(() => undefined);
  return (type && IMAGE_EXTENSIONS[type.mime as keyof typeof IMAGE_EXTENSIONS]) ?? null;
}
