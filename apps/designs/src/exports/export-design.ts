import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type ExportDesignRequest,
  fail,
  FILE_FORMATS,
  type FileExport,
  type FileFormat,
  formatUnavailable,
  type HtmlExport,
  ok,
  type RequestContext,
  safeFilename,
  type ServiceReply,
  tenantOf,
} from '@embed/contracts';
import { type DesignRecord, ExportRecordsRepository, type KnownPerson, newExportId, type NewFileExport, PersonErasedError } from '@embed/data-access';
import { exportKey, ObjectStorage } from '@embed/storage';
import { FILE_LINKS, type FileLinks } from '../common/file-links';
import { unlessErased, userErased } from '../common/replies';
import { DesignsService } from '../designs/designs.service';
import { RendererClient } from './renderer-client';

type FileExportRequest = ExportDesignRequest & { format: FileFormat };
const isFileRequest = (request: ExportDesignRequest): request is FileExportRequest => (FILE_FORMATS as readonly string[]).includes(request.format);

/**
 * Exporting a person's design as last saved (spec 4.4, contracts §3), the one use case of
 * every format: `html` and the editor's `text` and `mjml` (an email's) are rendered and
 * answered as an HtmlExport, the MJML in its `mjml`;
 * `zip`, `pdf` and `png` are made and stored by the renderer, then answered as a
 * FileExport with an expiring link. Either way the export and its `export.created` are
 * recorded together, and only once what was exported exists: a failure records nothing.
 */
@Injectable()
export class ExportDesign {
  private readonly logger = new Logger(ExportDesign.name);

  constructor(
    private readonly designs: DesignsService,
    private readonly exports: ExportRecordsRepository,
    private readonly renderer: RendererClient,
    private readonly storage: ObjectStorage,
    @Inject(FILE_LINKS) private readonly links: FileLinks,
  ) {}

  async execute(request: ExportDesignRequest, context: RequestContext): Promise<ServiceReply<HtmlExport | FileExport>> {
    if (request.allLanguages && request.format !== 'zip') return fail(400, 'request_invalid', `allLanguages is for zip exports only, not ${request.format}`);
    const found = await this.designs.findOwned(request);
    if (!found.ok) return found;
    const { person, design } = found.value;
    return isFileRequest(request) ? this.file(person, design, request, context) : this.html(person, design, request, context);
  }

  private async html(person: KnownPerson, design: DesignRecord, request: ExportDesignRequest, context: RequestContext): Promise<ServiceReply<HtmlExport>> {
    const { format, source } = request;
    if (format === 'mjml' && design.mode !== 'email') return fail(409, 'mode_unavailable', `a ${design.mode} design makes no MJML: MJML is an email's`);
    const rendered = await this.renderer.render(design, request, tenantOf(person));
    if (!rendered.ok) return rendered;
    const bytes = format === 'text' ? Buffer.byteLength(rendered.value.text) : format === 'mjml' ? Buffer.byteLength(rendered.value.mjml ?? '') : rendered.value.bytes;
    return unlessErased(async () => {
      const exportId = await this.exports.record(person, { designId: design.id, revision: design.revision, format, source, bytes }, context);
      return ok({ exportId, designId: design.id, revision: design.revision, ...rendered.value });
    });
  }

  private async file(person: KnownPerson, design: DesignRecord, request: FileExportRequest, context: RequestContext): Promise<ServiceReply<FileExport>> {
    const { format, source } = request;
    const unavailable = formatUnavailable(design.mode, format);
    if (unavailable) return unavailable;
    const exportId = newExportId();
    const storageKey = exportKey(person, exportId, format);
    const made = await this.renderer.makeFile(design, request, { format, storageKey, tenant: tenantOf(person) });
    if (!made.ok) return made;
    // Recorded only now that the file is stored: a failure above records nothing.
    const filename = safeFilename(design.name, format);
    const link = await this.storage.downloadLink(storageKey, filename, new Date(Date.now() + this.links.retentionHours * 3_600_000));
    const { bytes, warnings } = made.value;
    const record = { exportId, designId: design.id, revision: design.revision, format, source, bytes, storageKey, filename, expiresAt: link.expiresAt };
    const recorded = await this.recordOrRemove(person, record, context);
    if (!recorded.ok) return recorded;
    return ok({
      exportId,
      designId: design.id,
      revision: design.revision,
      mode: design.mode,
      format,
      url: new URL(link.url, this.links.publicBaseUrl).toString(),
      expiresAt: link.expiresAt.toISOString(),
      filename,
      bytes,
      warnings,
      design: design.doc,
    });
  }

  /**
   * Records the stored file, or removes it when it cannot be recorded: a file without a
   * record is no one's, and when the person's erasure started meanwhile (409 user_erased)
   * the erasure may already have removed their files, so this one would outlive them.
   */
  private async recordOrRemove(person: KnownPerson, record: NewFileExport, context: RequestContext): Promise<ServiceReply<null>> {
    try {
      await this.exports.record(person, record, context);
      return ok(null);
    } catch (error) {
      await this.storage.delete(record.storageKey).catch((err) => this.logger.error({ err, storageKey: record.storageKey }, 'could not remove an export file that was not recorded'));
      if (error instanceof PersonErasedError) return userErased();
      throw error;
    }
  }
}
