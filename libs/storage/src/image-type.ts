import { fromBuffer } from 'file-type';
import { imageSize } from 'image-size';

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

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * The width and height an image's header declares, read from the header alone (image-size
 * walks the format's header fields and never decodes pixels), so that a decompression bomb
 * is known before anything inflates it. null when the header gives no size, or a size of
 * nothing (a width or height of 0).
 */
export function imageDimensions(bytes: Buffer): ImageDimensions | null {
  try {
    // A copy of its own: image-size reads past a view's end into the memory behind it (a
    // pooled Buffer's neighbours), so a header cut off would be completed with foreign bytes.
    const { width, height } = imageSize(new Uint8Array(bytes));
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}
