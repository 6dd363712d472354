import type { DesignDocument } from '@embed/design-document/model';
import type { BlockPath } from '@embed/editor-core';
import { contentWidthOf } from '@embed/render-core/defaults';

/** The column's share of the content's width, in px: what an image left without a width fills. */
export function columnWidth(doc: DesignDocument, { row, column }: Pick<BlockPath, 'row' | 'column'>): number {
  const columns = doc.body.rows[row].columns;
  const ratios = columns.map((each) => each.ratio ?? 1);
  return Math.floor((contentWidthOf(doc) * ratios[column]) / ratios.reduce((sum, ratio) => sum + ratio, 0));
}

/**
 * The width an image is placed at: its natural width when narrower than its column, else
 * none (it fills the column), so that a small logo is not stretched and a large photo fits.
 */
export function placedWidth(naturalWidth: number | null, column: number): number | undefined {
  return naturalWidth !== null && naturalWidth > 0 && naturalWidth < column ? naturalWidth : undefined;
}

/** The image's width in pixels as the browser decodes it; null where it cannot (no decoder here, or not an image it reads). */
export async function naturalWidthOf(file: Blob): Promise<number | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const { width } = bitmap;
    bitmap.close();
    return width;
  } catch {
    return null;
  }
}
