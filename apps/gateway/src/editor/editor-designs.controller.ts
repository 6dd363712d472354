import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  type CreateDesignRequest,
  type Design,
  type DesignList,
  type DesignRequest,
  designJson,
  DESIGNS_SUBJECTS,
  type EditorSession,
  type ExportDesignRequest,
  type FileExport,
  type HtmlExport,
  type ListDesignsRequest,
  type RestorePoint,
  type SaveDesignRequest,
  type StoredDesign,
} from '@embed/contracts';
import { Session } from '../auth/request-context';
import { DesignIdParams, ListQuery } from '../embed/dto/common.dto';
import { DEFAULT_PAGE_SIZE } from '../embed/user-designs.controller';
import { ServiceCalls, TIMEOUTS_MS } from '../services/call-service';
import { CreateDesignDto, SaveDesignDto } from './dto/design-body.dto';
import { EditorExportDto } from './dto/editor-export.dto';
import { EditorEndpoint } from './editor-endpoint';

const person = ({ projectId, environment, userId }: EditorSession) => ({ projectId, environment, userId });

/** contracts section 3: what the embedded editor calls with a token, for its one person. */
@Controller('editor/v1/designs')
export class EditorDesignsController {
  constructor(private readonly services: ServiceCalls) {}

  @Post()
  @HttpCode(201)
  @EditorEndpoint('editorWrite')
  create(@Session() session: EditorSession, @Body() body: CreateDesignDto): Promise<Design> {
    const request: CreateDesignRequest = { person: person(session), mode: session.mode, name: body.name, doc: body.doc };
    return this.services.call<Design>(DESIGNS_SUBJECTS.create, request, TIMEOUTS_MS.write);
  }

  @Get()
  @EditorEndpoint('editorRead')
  list(@Session() session: EditorSession, @Query() query: ListQuery): Promise<DesignList> {
    const request: ListDesignsRequest = { person: person(session), limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
    return this.services.call<DesignList>(DESIGNS_SUBJECTS.list, request, TIMEOUTS_MS.read);
  }

  @Get(':id')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @EditorEndpoint('editorRead')
  async get(@Session() session: EditorSession, @Param() params: DesignIdParams): Promise<string> {
    const request: DesignRequest = { person: person(session), designId: params.id };
    return designJson(await this.services.call<StoredDesign>(DESIGNS_SUBJECTS.get, request, TIMEOUTS_MS.read));
  }

  @Put(':id')
  @EditorEndpoint('editorWrite')
  save(@Session() session: EditorSession, @Param() params: DesignIdParams, @Body() body: SaveDesignDto): Promise<Design> {
    const request: SaveDesignRequest = { person: person(session), designId: params.id, mode: session.mode, name: body.name, doc: body.doc };
    return this.services.call<Design>(DESIGNS_SUBJECTS.save, request, TIMEOUTS_MS.write);
  }

  @Delete(':id')
  @HttpCode(204)
  @EditorEndpoint('editorWrite')
  async delete(@Session() session: EditorSession, @Param() params: DesignIdParams): Promise<void> {
    const request: DesignRequest = { person: person(session), designId: params.id };
    await this.services.call<unknown>(DESIGNS_SUBJECTS.delete, request, TIMEOUTS_MS.write);
  }

  @Get(':id/revisions')
  @EditorEndpoint('editorRead')
  revisions(@Session() session: EditorSession, @Param() params: DesignIdParams): Promise<{ revisions: RestorePoint[] }> {
    const request: DesignRequest = { person: person(session), designId: params.id };
    return this.services.call<{ revisions: RestorePoint[] }>(DESIGNS_SUBJECTS.revisions, request, TIMEOUTS_MS.read);
  }

  @Post(':id/export')
  @HttpCode(200)
  @EditorEndpoint('editorExport')
  export(@Session() session: EditorSession, @Param() params: DesignIdParams, @Body() body: EditorExportDto): Promise<HtmlExport | FileExport> {
    const request: ExportDesignRequest = { person: person(session), designId: params.id, format: body.format, source: 'editor' };
    return this.services.call<HtmlExport | FileExport>(DESIGNS_SUBJECTS.export, request, TIMEOUTS_MS.export);
  }
}
