import { Controller, Delete, Get, HttpCode } from '@nestjs/common';
import {
  DEFAULT_PAGE_SIZE,
  type DeleteImageQuery,
  DeleteImageQuerySchema,
  type DeleteImageRequest,
  type EditorImagesQuery,
  EditorImagesQuerySchema,
  type EditorSession,
  type ImageList,
  type ImageParams,
  ImageParamsSchema,
  IMAGES_SUBJECTS,
  type ListImagesRequest,
} from '@embed/contracts';
import { Session } from '../auth/authenticated-request';
import { ParamsOf, QueryOf } from '../http/inputs';
import { ServiceCalls } from '../services/call-service';
import { EditorEndpoint } from './editor-endpoint';
import { tenantScopeOf } from '../auth/tenant-scope';

/**
 * The editor's image library (docs/server-api.md, Image library): the person's uploads,
 * to reuse and delete, and the project's images, which everyone of the project's
 * environment may use and only the integrator's server changes.
 */
@Controller('editor/v1/images')
export class EditorImageLibraryController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  @EditorEndpoint('editorRead', {
    operationId: 'listEditorImages',
    summary: 'The person’s uploaded images (`owner=person`, the default) or the project’s (`owner=project`), newest first.',
    answers: { 200: 'ImageList' },
  })
  list(@Session() session: EditorSession, @QueryOf(EditorImagesQuerySchema) query: EditorImagesQuery): Promise<ImageList> {
    const request: ListImagesRequest = {
      scope: tenantScopeOf(session),
      ...(query.owner !== 'project' && { userId: session.userId }),
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      cursor: query.cursor,
    };
    return this.services.call(IMAGES_SUBJECTS.list, request);
  }

  @Delete(':imageId')
  @HttpCode(204)
  @EditorEndpoint('editorWrite', {
    operationId: 'deleteEditorImage',
    summary: 'Deletes one of the person’s images and its file; while their designs still show it, 409 image_in_use names them unless `force=true`.',
    answers: { 204: null },
    errors: { 404: ['image_not_found'], 409: ['image_in_use', 'user_erased'] },
  })
  async delete(@Session() session: EditorSession, @ParamsOf(ImageParamsSchema) params: ImageParams, @QueryOf(DeleteImageQuerySchema) query: DeleteImageQuery): Promise<void> {
    const request: DeleteImageRequest = { scope: tenantScopeOf(session), userId: session.userId, imageId: params.imageId, force: query.force ?? false };
    await this.services.call(IMAGES_SUBJECTS.delete, request);
  }
}
