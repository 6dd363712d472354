import type { ExportFormat, FileExport, HtmlExport, TokenSession } from '@embed/contracts';
import type { DesignDocument } from '@embed/design-document/model';
import type { ApiRequest, ApiResponse, EditorError } from '@embed/editor-protocol';
import type { HostBridge } from './host-bridge';

export interface StoredDesign {
  id: string;
  name: string;
  revision: number;
  doc: DesignDocument;
}

/** A saved revision the design can go back to (GET /editor/v1/designs/{id}/revisions). */
export interface RestorePoint {
  revision: number;
  name: string;
  createdAt: string;
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
    readonly code: string,
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
  }
}

const errorOf = (response: ApiResponse): ApiFailure => {
  const body = (response.body ?? {}) as { code?: string; error?: string };
  return new ApiFailure(body.code ?? `http_${response.status}`, body.error ?? `The service answered ${response.status}.`, response.status, response.body);
};

/** The editor API (contracts §3), called through the host page. */
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
  session(): Promise<TokenSession> {
    return this.call({ op: 'getSession' });
  }

  createDesign(name: string, doc: DesignDocument): Promise<StoredDesign> {
    return this.call({ op: 'createDesign', body: { name, doc } });
  }

  /** A new revision; with `baseRevision`, 409 revision_conflict (the stored design in the body) when another save came first. */
  saveDesign(id: string, save: { name?: string; doc: DesignDocument; baseRevision?: number }): Promise<StoredDesign> {
    return this.call({ op: 'saveDesign', designId: id, body: save });
  }

  listRevisions(id: string): Promise<{ revisions: RestorePoint[] }> {
    return this.call({ op: 'listRevisions', designId: id });
  }

  /** The renderer's HTML of the document being edited (the previews); `designId` once it is saved. */
  render(doc: DesignDocument, designId: string | null): Promise<RenderedPreview> {
    return this.call({ op: 'renderPreview', body: designId ? { doc, designId } : { doc } });
  }

  /** The design as last saved: an HtmlExport for html and text, a FileExport (a download link) for files. */
  exportDesign(id: string, format: ExportFormat): Promise<HtmlExport | FileExport> {
    return this.call({ op: 'exportDesign', designId: id, body: { format } });
  }

  uploadImage(file: Blob): Promise<{ url: string }> {
    return file.arrayBuffer().then((bytes) => this.call({ op: 'uploadImage', bytes, contentType: file.type }));
  }
}
