import { IMAGE_MAX_PIXELS } from '@embed/contracts';
import sharp from 'sharp';

/** The longest side of a thumbnail, in pixels: twice the size the editor's library shows, for sharp screens. */
export const THUMBNAIL_SIZE = 320;

/**
 * A small WebP of an uploaded image (its first frame; turned as its EXIF says), for the
 * libraries to show in place of the full image; never larger than the image. The image was
 * judged already (type sniffed, at most IMAGE_MAX_PIXELS by its header), and sharp refuses
 * anything larger too. Null when the bytes cannot be decoded: the image is then its own
 * thumbnail, as before thumbnails were made.
 */
export async function makeThumbnail(body: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(body, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
  } catch {
    return null;
  }
}
