import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Uploaded images up to 5 MB; larger ones are answered 413. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_PATH = '/editor/v1/images';

/** The one route whose body is not JSON: the editor's image upload takes the bytes as they are. */
export const isImageUpload = (request: FastifyRequest, contentType: string) =>
  /^image\/[\w.+-]+\s*(?:;|$)/i.test(contentType) && request.url.split('?')[0] === IMAGE_UPLOAD_PATH;

/** Reads an image/* body into a Buffer (its type is then checked by its bytes, not this header). */
export function registerImageBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(/^image\//i, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
}
