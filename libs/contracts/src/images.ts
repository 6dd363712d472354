import { type Static, Type } from '@sinclair/typebox';
import { describing, PersonScopeSchema, Strict } from './schema';

/** Uploaded images up to 5 MB (contracts §3); larger ones are answered 413. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Characters of the base64 text of `bytes` bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * An image upload's bytes on their way to the designs service, which owns images: it
 * reads their type, stores them and records them under the person's lock, so that an
 * erasure starting meanwhile waits for the upload and then removes its file. Base64 of
 * 5 MB is under 7 MB, within the 8 MB every NATS of the system carries.
 */
export const StoreImageRequestSchema = Strict({
  person: PersonScopeSchema,
  bytes: Type.String({ minLength: 1, maxLength: base64Length(IMAGE_MAX_BYTES), contentEncoding: 'base64', pattern: '^[A-Za-z0-9+/]+={0,2}$' }),
});
export type StoreImageRequest = Static<typeof StoreImageRequestSchema>;

/** contracts §3: the answer to `POST /editor/v1/images`, where the image is served from. */
export interface ImageUpload {
  url: string;
}
export const ImageUploadSchema = describing<ImageUpload>()(Strict({ url: Type.String({ format: 'uri' }) }));

/**
 * Uploaded images up to this many pixels (width times height, read from the header):
 * a PNG of a few KB can declare 20000x20000, which a browser or the renderer decoding it
 * would hold as 1.6 GB. 25 million is 5000x5000, more than any email or page shows.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;
