import { Inject, Injectable } from '@nestjs/common';
import {
  type ExportDesignRequest,
  fail,
  type FileExport,
  type FileFormat,
  modeMakesFormat,
  ok,
  RENDER_FILE_SUBJECT,
  type RenderFileReply,
  type RenderFileRequest,
  type ServiceReply,
} from '@embed/contracts';
import { type DesignRecord, ExportRecordsRepository, type KnownPerson, newExportId } from '@embed/data-access';
import { ServiceClient, ServiceUnavailableError } from '@embed/service-runtime';
import { exportKey, ObjectStorage, safeFilename } from '@embed/storage';

/**
 * How long a file export waits for the renderer: longer than the renderer's own deadline
 * (RENDER_FILE_TIMEOUT_MS, 9 s, queue included) and shorter than the gateway's 15 s, so
 * that a file that is stored in time is also recorded and answered.
 */
export const FILE_RENDER_TIMEOUT_MS = 11_000;

export interface FileLinks {
  /** The gateway's public address, which a relative (filesystem) download link is joined to. */
  publicBaseUrl: string;
  retentionHours: number;
}
export const FILE_LINKS = Symbol('FILE_LINKS');

/** A `zip`, `pdf` or `png` export: the renderer makes and stores the file, then it is recorded. */
@Injectable()
export class FileExportsService {
  constructor(
    private readonly exports: ExportRecordsRepository,
    private readonly services: ServiceClient,
    private readonly storage: ObjectStorage,
    @Inject(FILE_LINKS) private readonly links: FileLinks,
  ) {}

  async export(person: KnownPerson, design: DesignRecord, request: ExportDesignRequest & { format: FileFormat }): Promise<ServiceReply<FileExport>> {
    const { format, source } = request;
    if (!modeMakesFormat(design.mode, format)) return fail(409, 'mode_unavailable', `a ${design.mode} design makes no ${format.toUpperCase()}`);
    const exportId = newExportId();
    const storageKey = exportKey(person, exportId, format);
    const made = await this.render(design, request, storageKey, `${person.projectId}/${person.environment}`);
    if (!made.ok) return made;
    // Recorded only now that the file is stored: a failure above records nothing.
    const filename = safeFilename(design.name, format);
    const link = await this.storage.downloadLink(storageKey, filename, new Date(Date.now() + this.links.retentionHours * 3_600_000));
    const { bytes, warnings } = made.value;
    await this.exports.record(person, { exportId, designId: design.id, revision: design.revision, format, source, bytes, storageKey, filename, expiresAt: link.expiresAt });
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

  private async render(design: DesignRecord, { merge, text, format, fullPage }: ExportDesignRequest & { format: FileFormat }, storageKey: string, tenant: string): Promise<RenderFileReply> {
    const request: RenderFileRequest = { mode: design.mode, doc: design.doc, designId: design.id, merge, text, format, fullPage, storageKey, tenant };
    try {
      return await this.services.request<RenderFileReply>(RENDER_FILE_SUBJECT, request, FILE_RENDER_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof ServiceUnavailableError) return fail(503, 'service_unavailable', `the renderer did not make the ${format.toUpperCase()} in time`);
      throw error;
    }
  }
}
