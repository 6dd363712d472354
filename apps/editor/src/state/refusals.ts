import { IMAGE_MAX_BYTES } from '@embed/contracts/images';
import type { RefusalReason } from '@embed/editor-core';
import { type EditorError, editorError } from '@embed/editor-protocol';

/** Where the person acted, so that a refusal is shown there: the blocks toolbar, the canvas, the image upload field, the property panel. */
export type RefusalPlace = 'toolbar' | 'canvas' | 'upload' | 'panel';

/**
 * Why something the person did was refused, as the editor words it: a command's own
 * reason, an edit refused otherwise, an image it would not send, or the service's answer
 * to an upload (its error code).
 */
export type RefusalCause = { kind: RefusalReason | 'edit' | 'image_too_large' | 'image_type' } | { kind: 'upload'; code: string };

export interface Refusal {
  place: RefusalPlace;
  cause: RefusalCause;
  /** Changes with each refusal, so that the same refusal twice is announced twice. */
  token: number;
}

/** The image types the service takes (it reads the bytes to be sure: designs' store-image). */
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Why the file would be refused by the service, known before sending it; null when it may go. */
export function imageRefusal(file: Blob): RefusalCause | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return { kind: 'image_type' };
  if (file.size > IMAGE_MAX_BYTES) return { kind: 'image_too_large' };
  return null;
}

/** What the integrator's `error` handler hears of a file the editor would not send. */
export const fileRefused = (file: Blob): EditorError =>
  editorError('upload_failed', `The file (${file.type || 'of no type'}, ${file.size} bytes) is not a PNG, JPEG, GIF or WebP image of at most ${IMAGE_MAX_BYTES} bytes; it was not sent.`);

/** The service's refusal of an upload in the editor's terms: too large (413), not an image (400), or its code. */
export function uploadRefusal(status: number, code: string): RefusalCause {
  if (status === 413) return { kind: 'image_too_large' };
  if (status === 400 && code === 'request_invalid') return { kind: 'image_type' };
  return { kind: 'upload', code };
}
