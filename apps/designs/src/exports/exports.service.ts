import { Injectable } from '@nestjs/common';
import {
  type ExportDesignRequest,
  type ExportFormat,
  fail,
  FILE_FORMATS,
  type FileExport,
  type FileFormat,
  type HtmlExport,
  ok,
  RENDER_DESIGN_SUBJECT,
  type RenderDesignReply,
  type RenderDesignRequest,
  type ServiceReply,
} from '@embed/contracts';
import type { DesignRecord } from '@embed/data-access';
import { ExportRecordsRepository } from '@embed/data-access';
import { ServiceClient, ServiceUnavailableError } from '@embed/service-runtime';
import { DesignsService } from '../designs/designs.service';
import { FileExportsService } from './file-exports.service';

/**
 * How long an export waits for the renderer. The gateway's deadline for an export must
 * be longer, or it could answer 503 for an export that is then recorded.
 */
export const RENDER_TIMEOUT_MS = 8_000;

const isFileFormat = (format: ExportFormat): format is FileFormat => (FILE_FORMATS as readonly string[]).includes(format);

@Injectable()
export class ExportsService {
  constructor(
    private readonly designs: DesignsService,
    private readonly exports: ExportRecordsRepository,
    private readonly services: ServiceClient,
    private readonly files: FileExportsService,
  ) {}

  /**
   * Renders the design as last saved, then records the export and `export.created`
   * together. `html` and the editor's `text` answer the HTML export; the file formats
   * a FileExport.
   */
  async export(request: ExportDesignRequest): Promise<ServiceReply<HtmlExport | FileExport>> {
    const found = await this.designs.findOwned(request);
    if (!found.ok) return found;
    const { person, design } = found.value;
    const { format } = request;
    if (isFileFormat(format)) return this.files.export(person, design, { ...request, format });
    const rendered = await this.render(design, request);
    if (!rendered.ok) return rendered;
    const bytes = request.format === 'text' ? Buffer.byteLength(rendered.value.text) : rendered.value.bytes;
    const { source } = request;
    const exportId = await this.exports.record(person, { designId: design.id, revision: design.revision, format, source, bytes });
    return ok({ exportId, designId: design.id, revision: design.revision, ...rendered.value });
  }

  private async render(design: DesignRecord, { merge, text }: ExportDesignRequest): Promise<RenderDesignReply> {
    const request: RenderDesignRequest = { mode: design.mode, doc: design.doc, designId: design.id, merge, text };
    try {
      return await this.services.request<RenderDesignReply>(RENDER_DESIGN_SUBJECT, request, RENDER_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof ServiceUnavailableError) return fail(503, 'service_unavailable', 'the renderer did not answer in time');
      throw error;
    }
  }
}
