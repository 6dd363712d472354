import { Injectable } from '@nestjs/common';
import {
  type DesignDocument,
  type DesignMode,
  type ExportDesignRequest,
  fail,
  type FileFormat,
  RENDER_DESIGN_SUBJECT,
  RENDER_FILE_SUBJECT,
  type RenderDesignReply,
  type RenderFileReply,
  type ReplyOf,
  type RequestOf,
} from '@embed/contracts';
import type { DesignRecord } from '@embed/data-access';
import { ServiceClient, ServiceUnavailableError } from '@embed/service-runtime';

type RendererSubject = typeof RENDER_DESIGN_SUBJECT | typeof RENDER_FILE_SUBJECT;

/**
 * The designs service's one way to the renderer. The renderer works to the request's
 * deadline less a hop's margin, so what it answers in time leaves the margin to record
 * it; a renderer that does not answer in time (or at all) is 503 service_unavailable,
 * here and nowhere else.
 */
@Injectable()
export class RendererClient {
  constructor(private readonly services: ServiceClient) {}

  /** The design's HTML and text, merged; `tenant` (tenantOf) takes its turn on the render workers. */
  render(design: DesignRecord, { merge, text, format, language }: Pick<ExportDesignRequest, 'merge' | 'text' | 'format' | 'language'>, tenant: string): Promise<RenderDesignReply> {
    const request = { tenant, mode: design.mode, doc: design.doc, designId: design.id, merge, text, language, ...(format === 'mjml' && { mjml: true }) };
    return this.ask(RENDER_DESIGN_SUBJECT, request, 'the renderer did not answer in time');
  }

  /** A file of the design, stored by the renderer under `storageKey`. */
  makeFile(
    design: DesignRecord,
    { merge, text, fullPage, language, allLanguages }: Pick<ExportDesignRequest, 'merge' | 'text' | 'fullPage' | 'language' | 'allLanguages'>,
    file: { format: FileFormat; storageKey: string; tenant: string },
  ): Promise<RenderFileReply> {
    const request = { mode: design.mode, doc: design.doc, designId: design.id, merge, text, fullPage, language, allLanguages, ...file };
    return this.ask(RENDER_FILE_SUBJECT, request, `the renderer did not make the ${file.format.toUpperCase()} in time`);
  }

  /**
   * A template's thumbnail: a PNG of the first screen of its document, as a PNG export
   * makes it (merge tags left as written), stored by the renderer under `storageKey`.
   */
  makeThumbnail(template: { mode: DesignMode; doc: DesignDocument }, file: { storageKey: string; tenant: string }): Promise<RenderFileReply> {
    const request = { mode: template.mode, doc: template.doc, format: 'png' as const, fullPage: false, ...file };
    return this.ask(RENDER_FILE_SUBJECT, request, 'the renderer did not make the thumbnail in time');
  }

  private async ask<S extends RendererSubject>(subject: S, request: RequestOf<S>, late: string): Promise<ReplyOf<S>> {
    try {
      return await this.services.request(subject, request);
    } catch (error) {
      if (error instanceof ServiceUnavailableError) return fail(503, 'service_unavailable', late);
      throw error;
    }
  }
}
