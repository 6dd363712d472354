import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { readBoundedBody } from './bounded-body';

/** Uploaded images up to 5 MB; larger ones are answered 413. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_PATH = '/editor/v1/images';
/**
 * An image up to this size is read to its end before the 413, so that the client reads the
 * answer: refused while it is still sending (Fastify's own bodyLimit check), it often sees
 * only a broken pipe. Beyond this (declared or counted) the reading stops and the connection
 * is closed.
 */
export const IMAGE_READ_BYTES = 4 * IMAGE_MAX_BYTES;
const IMAGE_BOUNDS = { keepBytes: IMAGE_MAX_BYTES, readBytes: IMAGE_READ_BYTES };

/** The one route whose body is not JSON: the editor's image upload takes the bytes as they are. */
export const isImageUpload = (request: FastifyRequest, contentType: string) =>
  /^image\/[\w.+-]+\s*(?:;|$)/i.test(contentType) && request.url.split('?')[0] === IMAGE_UPLOAD_PATH;

/** Reads an image/* body into a Buffer (its type is then checked by its bytes, not this header). */
export function registerImageBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(/^image\//i, async (request: FastifyRequest, payload: IncomingMessage) => {
    const body = await readBoundedBody(payload, Number(request.headers['content-length']), IMAGE_BOUNDS).catch((error: Error) => {
      // A client that went away mid-upload: a bad request, not a fault of ours.
      throw Object.assign(error, { statusCode: 400 });
    });
    if (!body) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    return body;
  });
}
