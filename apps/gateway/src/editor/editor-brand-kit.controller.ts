import { Controller, Get } from '@nestjs/common';
import { type BrandKit, type BrandKitRequest, BRAND_KIT_SUBJECTS, type EditorSession } from '@embed/contracts';
import { Session } from '../auth/authenticated-request';
import { ServiceCalls } from '../services/call-service';
import { EditorEndpoint } from './editor-endpoint';

/** The project's brand kit as the editor reads it (its pickers, a new design's defaults): the token's project and environment, read only. */
@Controller('editor/v1/brand-kit')
export class EditorBrandKitController {
  constructor(private readonly services: ServiceCalls) {}

  @Get()
  @EditorEndpoint('editorRead', { operationId: 'getEditorBrandKit', summary: 'The project’s brand kit (the empty kit until its server sets one).', answers: { 200: 'BrandKit' } })
  get(@Session() { projectId, environment }: EditorSession): Promise<BrandKit> {
    const request: BrandKitRequest = { scope: { projectId, environment } };
    return this.services.call(BRAND_KIT_SUBJECTS.get, request);
  }
}
