import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition, checkSignedFile, CONTENT_TYPES, isImageKey, isStorageKey, ObjectStorage } from '@embed/storage';
import { ApiError } from '../http/api-error';
import { ApiOperation } from '../openapi/operation-doc';
import { FILE_SETTINGS, type FileSettings } from './files.module';

/** Browsers may reuse an image for five minutes; shared caches (proxies, CDNs) keep none. */
export const IMAGE_CACHING = 'private, max-age=300';

const notFound = () => new ApiError(404, 'not_found', 'There is no file at this address.');

/**
 * Files kept in filesystem storage. An export is served only on its signed link, until
 * it expires; an uploaded image is public (emails show it to anyone) under its
 * unguessable key. Nothing served here is ever run as a page.
 */
@Controller('files/v1')
export class FileDownloadsController {
  constructor(
    private readonly storage: ObjectStorage,
    @Inject(FILE_SETTINGS) private readonly settings: FileSettings,
  ) {}

  @Get('*')
  @ApiOperation({
    operationId: 'downloadFile',
    summary: 'An exported file on its signed link until it expires (410 after), or an uploaded image.',
    answers: { 200: null },
    fileTypes: [...new Set(Object.values(CONTENT_TYPES))],
    wildcard: { name: 'key', description: 'The file’s key, slashes included, as in the `url` of its export or upload.' },
    errors: { 404: ['not_found'], 410: ['not_found'], 503: ['service_unavailable'] },
  })
  async download(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = (request.params as Record<string, string>)['*'] ?? '';
    if (!isStorageKey(key)) throw notFound();
    if (isImageKey(key)) {
      // A person's image, so no shared cache keeps it past their erasure (docs/erasure.md).
      void reply.header('cache-control', IMAGE_CACHING);
    } else {
      const check = checkSignedFile(this.settings.signingSecret, key, request.query as Record<string, unknown>);
      if (!check.ok && check.reason === 'expired') throw new ApiError(410, 'not_found', 'This download link has expired; export the design again.');
      if (!check.ok) throw notFound();
      void reply.header('content-disposition', attachmentDisposition(check.file.filename)).header('cache-control', 'private, no-store');
    }
    const object = await this.storage.get(key);
    if (!object) throw notFound();
    await reply
      .header('content-type', object.contentType)
      .header('content-length', object.bytes)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(object.body);
  }
}
