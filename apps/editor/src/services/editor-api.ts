import type { BrandKit, EditorSessionInfo, ErrorCode, ExportFormat, FileExport, HtmlExport, ImageList, ImageOwner, RestorePointList, RestorePointSummary, SavedRow, SavedRowList, TemplateList, TemplateSummary } from '@embed/contracts';
import type { DesignDocument, Row } from '@embed/design-document/model';
import type { ApiRequest, ApiResponse, EditorError } from '@embed/editor-protocol';
import type { HostBridge } from './host-bridge';

export interface StoredDesign {
  id: string;
  name: string;
  revision: number;
  doc: DesignDocument;
}

/** A revision the design can go back to, with its document (GET /editor/v1/designs/{id}/revisions/{revision}). */
export interface RestorePoint extends RestorePointSummary {
  doc: DesignDocument;
}

/** One of the project's templates with its document (GET /editor/v1/templates/{templateId}). */
export interface StoredTemplate extends TemplateSummary {
  doc: DesignDocument;
}

/** What the editor reads of a render (POST /editor/v1/render): the HTML, and its size for the clipping meter. */
export interface RenderedPreview {
  html: string;
  bytes: number;
}

/** An error answer as the editor shows and reports it: the API's code and message. */
export class ApiFailure extends Error implements EditorError {
  constructor(
    readonly code: EditorError['code'],
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

const errorOf = (response: ApiResponse): ApiFailure => {
  // The service's answer: its code is one of the API's (docs/server-api.md).
  const body = (response.body ?? {}) as { code?: ErrorCode; error?: string };
  return new ApiFailure(body.code ?? `http_${response.status}`, body.error ?? `The service answered ${response.status}.`, response.status, response.body);
};

/**
 * A new `Idempotency-Key`: 128 random bits in hex (getRandomValues, which a page served
 * over plain http has too, unlike randomUUID).
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The editor API (contracts §3), called through the host page. Every POST that makes
 * something (a design, an export, an image) carries an Idempotency-Key; a create is given
 * its key by the caller, which sends it again with the create's retries (Saving). The
 * preview's render makes nothing and is not keyed: the service would keep every preview's
 * HTML for a day.
 */
export class EditorApi {
  constructor(private readonly bridge: HostBridge) {}

  private async call<T>(request: ApiRequest): Promise<T> {
    const response = await this.bridge.api(request);
    if (response.status >= 200 && response.status < 300) return response.body as T;
    throw errorOf(response);
  }

  getDesign(id: string): Promise<StoredDesign> {
    return this.call({ op: 'getDesign', designId: id });
  }

  /** What the token allows, from the service; it also proves the token works from this page. */
  session(): Promise<EditorSessionInfo> {
    return this.call({ op: 'getSession' });
  }

  createDesign(name: string, doc: DesignDocument, idempotencyKey: string): Promise<StoredDesign> {
    return this.call({ op: 'createDesign', body: { name, doc }, idempotencyKey });
  }

  /**
   * A new revision; with `baseRevision`, 409 revision_conflict (the stored design in the body) when another save came first.
   * An `autosave` is coalesced with the autosaves near it in the restore points.
   */
  saveDesign(id: string, save: { name?: string; doc: DesignDocument; baseRevision?: number; autosave?: boolean }): Promise<StoredDesign> {
    return this.call({ op: 'saveDesign', designId: id, body: save });
  }

  /** A page of the design's restore points, without their documents; `cursor` is the last page's `nextCursor`, `limit` the page's size (the service's default without it). */
  listRevisions(id: string, cursor?: string, limit?: number): Promise<RestorePointList> {
    return this.call({ op: 'listRevisions', designId: id, ...(cursor && { cursor }), ...(limit !== undefined && { limit }) });
  }

  /** One restore point with its document, read when the person takes it. */
  getRevision(id: string, revision: number): Promise<RestorePoint> {
    return this.call({ op: 'getRevision', designId: id, revision });
  }

  /** Names a restore point (null takes the name away): the service keeps a named point through thinning. */
  labelRevision(id: string, revision: number, label: string | null): Promise<RestorePointSummary> {
    return this.call({ op: 'labelRevision', designId: id, revision, label });
  }

  /** The renderer's HTML of the document being edited (the previews); `designId` once it is saved. */
  render(doc: DesignDocument, designId: string | null): Promise<RenderedPreview> {
    return this.call({ op: 'renderPreview', body: designId ? { doc, designId } : { doc } });
  }

  /** The design as last saved: an HtmlExport for html and text, a FileExport (a download link) for files. */
  exportDesign(id: string, format: ExportFormat): Promise<HtmlExport | FileExport> {
    return this.call({ op: 'exportDesign', designId: id, body: { format }, idempotencyKey: newIdempotencyKey() });
  }

  /** A page of the project's templates, newest first, with their thumbnails' links; `cursor` is the last page's `nextCursor`. */
  listTemplates(cursor?: string): Promise<TemplateList> {
    return this.call({ op: 'listTemplates', ...(cursor && { cursor }) });
  }

  /** One of the project's templates with its document, which a new design starts from. */
  getTemplate(templateId: string): Promise<StoredTemplate> {
    return this.call({ op: 'getTemplate', templateId });
  }

  /** The project's brand kit (the empty kit until its server sets one). */
  getBrandKit(): Promise<BrandKit> {
    return this.call({ op: 'getBrandKit' });
  }

  /** A page of the person's uploads or of the project's images, newest first; `cursor` is the last page's `nextCursor`. */
  listImages(owner: ImageOwner, cursor?: string): Promise<ImageList> {
    return this.call({ op: 'listImages', owner, ...(cursor && { cursor }) });
  }

  /** Deletes one of the person's images; without `force`, 409 image_in_use names the designs that still show it. */
  deleteImage(imageId: string, force: boolean): Promise<void> {
    return this.call({ op: 'deleteImage', imageId, force });
  }

  /** A page of the rows the person may insert (the project's and their own), newest first; `cursor` is the last page's `nextCursor`. */
  listRows(cursor?: string): Promise<SavedRowList> {
    return this.call({ op: 'listRows', ...(cursor && { cursor }) });
  }

  /** Saves a row of the design to the person's own rows. */
  saveRow(name: string, row: Row): Promise<SavedRow> {
    return this.call({ op: 'saveRow', body: { name, row }, idempotencyKey: newIdempotencyKey() });
  }

  renameRow(rowId: string, name: string): Promise<SavedRow> {
    return this.call({ op: 'renameRow', rowId, body: { name } });
  }

  /** Deletes a row of the person's own; designs keep their copies. */
  async deleteRow(rowId: string): Promise<void> {
    await this.call({ op: 'deleteRow', rowId });
  }

  uploadImage(file: Blob): Promise<{ url: string }> {
    return file.arrayBuffer().then((bytes) => this.call({ op: 'uploadImage', bytes, contentType: file.type, idempotencyKey: newIdempotencyKey() }));
  }
}
