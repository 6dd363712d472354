import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_MAX_BYTES } from '@embed/contracts';
import { CONTENT_TYPES } from '@embed/storage';
import { ApiError } from './api-error';
import { readBoundedBody } from './bounded-body';

/** The media types an upload's Content-Type may name (the service then reads the type from the bytes). */
export const IMAGE_MEDIA_TYPES = Object.values(CONTENT_TYPES).filter((type) => type.startsWith('image/'));

/** The editor's upload of a person's image, and the server API's of a project image. */
const IMAGE_UPLOAD_PATHS: ReadonlySet<string> = new Set(['/editor/v1/images', '/embed/v1/images']);
/**
 * An image up to this size is read to its end before the 413, so that the client reads the
 * answer: refused while it is still sending, it often sees only a broken pipe. A body
 * declared longer is answered 413 at once, unread; one that turns out longer (sent without
 * a length) is cut off with its connection, as no answer could reach a client still writing.
 */
export const IMAGE_READ_BYTES = 4 * IMAGE_MAX_BYTES;
const IMAGE_BOUNDS = { keepBytes: IMAGE_MAX_BYTES, readBytes: IMAGE_READ_BYTES };

/**
 * The only routes whose body is not JSON: the image uploads take the bytes as they are.
 * Known by the route the router chose, as a trailing slash or a fragment still names it.
 */
export const isImageUpload = (request: FastifyRequest, contentType: string) =>
  /^image\/[\w.+-]+\s*(?:;|$)/i.test(contentType) && request.method === 'POST' && IMAGE_UPLOAD_PATHS.has(request.routeOptions.url ?? '');

/**
 * An image/* body is left unread as the request's body, so that the token is checked
 * before a byte of it is read (readImageBody, in the handler). An answer given without
 * reading it all (a refused token, an image declared too large) closes the connection,
 * so the rest is never read either.
 */
export function registerImageBodies(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(/^image\//i, (_request, payload, done) => done(null, payload));
  fastify.addHook('onSend', async (request, reply) => {
    if (request.body instanceof Readable && !request.body.readableEnded) void reply.header('connection', 'close');
  });
}

/** The bytes of an image upload, read once its sender is known; null when the request carries none. */
export async function readImageBody(request: FastifyRequest): Promise<Buffer | null> {
  // Already read by the Idempotency-Key check, which hashes the bytes (after the guards too).
  if (Buffer.isBuffer(request.body)) return request.body;
  const stream = request.body;
  if (!(stream instanceof Readable)) return null;
  const declared = Number(request.headers['content-length']);
  const body = await readBoundedBody(stream, declared, IMAGE_BOUNDS).catch(() => {
    throw new ApiError(400, 'request_invalid', 'The upload ended before its last byte.');
  });
  if (body) return body;
  if (!stream.readableEnded && !(declared > IMAGE_READ_BYTES)) request.raw.socket.destroy();
  throw new ApiError(413, 'request_invalid', `The image is larger than ${IMAGE_MAX_BYTES} bytes.`);
}
